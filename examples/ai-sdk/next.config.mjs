/** @type {import('next').NextConfig} */
const nextConfig = {
  // The example lives inside the package's repository: trace files from here, not the parent's lockfile.
  outputFileTracingRoot: import.meta.dirname,
  turbopack: { root: import.meta.dirname },
};

export default nextConfig;
