// CloudFront Function (cloudfront-js-2.0), viewer request, on the S3 behaviours.
// The SPA routes on the client: a path under /app/ whose last segment has no file extension is a
// screen, not a file, so it gets /app/index.html. Files (/app/assets/x.js) pass through; the bare
// root and /app redirect to /app/. No error-response fallback: a real 404 for a missing file stays one.
var APP = '/app/';

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- CloudFront invokes the global `handler`.
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri === '/' || uri === '/app') {
    return { statusCode: 301, statusDescription: 'Moved Permanently', headers: { location: { value: APP } } };
  }
  if (uri.indexOf(APP) === 0 && uri.substring(uri.lastIndexOf('/') + 1).indexOf('.') === -1) {
    request.uri = APP + 'index.html';
  }
  return request;
}
