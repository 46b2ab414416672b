/**
 * The HTTP plumbing every front of {@code serve} shares, knowing no endpoint: {@link
 * dev.orchestrator.serve.http.HttpCall} (one exchange in blocking style over Jetty's core API),
 * {@link dev.orchestrator.serve.http.Responses} (whole answers), {@link
 * dev.orchestrator.serve.http.ApiError} (an error answer: status, body, headers), {@link
 * dev.orchestrator.serve.http.AccessLog} (one JSON line per request, written off the request
 * thread), the shared JSON mapper and typed request-field reads, and the cost header. Depends on no
 * other package of {@code serve}. Not API: public only for the server's packages; may change in any
 * release.
 */
package dev.orchestrator.serve.http;
