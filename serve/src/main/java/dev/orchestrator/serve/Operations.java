package dev.orchestrator.serve;

import dev.orchestrator.serve.http.AccessLog;
import dev.orchestrator.serve.http.ApiError;
import dev.orchestrator.serve.http.HttpCall;
import dev.orchestrator.serve.http.Responses;
import dev.orchestrator.serve.ops.Readiness;
import dev.orchestrator.serve.ops.ServeMetrics;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.IntSupplier;

/**
 * The operational endpoints (docs/reference.md §5): {@code /healthz} and {@code /readyz}'s status
 * to anyone, for load balancers; {@code /readyz}'s detail (catalog sources, credential variables,
 * route health, the store) and {@code /metrics} to holders of a valid token, or to anyone with
 * {@code --public-health} or when no token is set. Thread-safe.
 *
 * @param authenticator checks the token that unlocks the detail
 * @param readiness judges {@code /readyz}
 * @param metrics is scraped for {@code /metrics}
 * @param inFlight the requests in flight, this one included
 * @param publicHealth whether the detail is shown to anyone
 */
record Operations(
    Authenticator authenticator,
    Readiness readiness,
    ServeMetrics metrics,
    IntSupplier inFlight,
    boolean publicHealth) {
  private static final byte[] OK = "{\"status\":\"ok\"}".getBytes(StandardCharsets.UTF_8);
  private static final byte[] READY = "{\"status\":\"ready\"}".getBytes(StandardCharsets.UTF_8);
  private static final byte[] NOT_READY =
      "{\"status\":\"not_ready\"}".getBytes(StandardCharsets.UTF_8);

  /**
   * Answers {@code path} when it is an operational endpoint.
   *
   * @return whether it was one
   * @throws ApiError {@code 405} for a method other than GET or HEAD, {@code 401} for {@code
   *     /metrics} without a valid token when one is required
   */
  boolean route(HttpCall ex, AccessLog.Entry entry, String path, String method) {
    switch (path) {
      case "/healthz":
        RequestRouter.requireGet(method);
        Responses.send(ex, entry, 200, OK, Map.of());
        return true;
      case "/readyz":
        RequestRouter.requireGet(method);
        Readiness.Answer a = readiness.evaluate(inFlight.getAsInt() - 1);
        if (a.status() != 200) {
          entry.error = "not_ready"; // the access log's outcome: the body's status
        }
        byte[] body = mayShowDetail(ex) ? a.body() : (a.status() == 200 ? READY : NOT_READY);
        Responses.send(ex, entry, a.status(), body, Map.of());
        return true;
      case "/metrics":
        RequestRouter.requireGet(method);
        if (!mayShowDetail(ex)) {
          authenticator.authenticate(ex.header("Authorization")); // 401 without a valid token
        }
        Responses.send(
            ex,
            entry,
            200,
            ServeMetrics.CONTENT_TYPE,
            metrics.scrape().getBytes(StandardCharsets.UTF_8),
            Map.of());
        return true;
      default:
        return false;
    }
  }

  /** Whether the caller may see operational detail: public health, no token set, or a valid one. */
  private boolean mayShowDetail(HttpCall ex) {
    if (publicHealth || !authenticator.required()) {
      return true;
    }
    try {
      authenticator.authenticate(ex.header("Authorization"));
      return true;
    } catch (ApiError unauthenticated) {
      return false;
    }
  }
}
