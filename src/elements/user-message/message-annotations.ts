/**
 * What annotation-driven content needs to become segments (sanitising its annotations, splitting
 * the content by them), and record-driven text to be handed to a host's renderer as segments: a
 * chunk of its own, so a page of record-driven messages that draws its own bodies loads none of it.
 */
export { referenceSegments, sanitizeInputAnnotations, splitContentByAnnotations } from '../../core/index.js';
