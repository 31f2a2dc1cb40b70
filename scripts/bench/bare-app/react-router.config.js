// A bare React Router 7 app (framework mode, no server code), the reference
// `npm run bench` measures the site's JavaScript against: what the framework
// and React cost before any of the site's own code.
export default { ssr: false, buildDirectory: process.env.BARE_APP_BUILD ?? "build" };
