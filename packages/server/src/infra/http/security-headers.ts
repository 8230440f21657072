// The built React/MUI app runs under this policy: emotion injects <style> elements (so styles
// need 'unsafe-inline'), images may be data:/blob: URLs (logos from config, previews) or remote
// https logos, the offline worker is same-origin, and no script comes from anywhere else.
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
  // The embedded mode serves plain http on 127.0.0.1; upgrading would break it.
  upgradeInsecureRequests: null,
};
