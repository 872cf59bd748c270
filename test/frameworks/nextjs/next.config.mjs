import litSSR from '@lit-labs/nextjs';

// Lit's server rendering in Next.js: on the server, React's JSX renders each Lit element with its
// declarative shadow DOM (@lit-labs/ssr-react); in the browser, Lit's hydration support loads first
// in every module of app/. Chromium, Firefox and Safari parse declarative shadow DOM: no polyfill.
const withLitSSR = litSSR({ addDeclarativeShadowDomPolyfill: false });

/** @type {import('next').NextConfig} */
const nextConfig = {
  // The fixture lives inside the package's repository: trace files from here, not the parent's lockfile.
  outputFileTracingRoot: import.meta.dirname,
  // The repository lints these files with its own configuration.
  eslint: { ignoreDuringBuilds: true },
};

export default withLitSSR(nextConfig);
