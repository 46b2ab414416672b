package dev.orchestrator.serve.front;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.AttemptRecord;
import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.plan.Exclusion;
import dev.orchestrator.engine.plan.ExclusionReason;
import dev.orchestrator.engine.plan.FieldGap;
import dev.orchestrator.engine.plan.Plan;
import dev.orchestrator.engine.plan.ProtocolFit;
import dev.orchestrator.engine.plan.UnknownModelException;
import dev.orchestrator.serve.ClientToken;
import dev.orchestrator.serve.http.ApiError;
import dev.orchestrator.serve.http.Json;
import java.time.Duration;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Maps the engine's one exception to an HTTP answer (docs/reference.md §5, ADR 0011). A settled
 * upstream 4xx keeps its status and its OpenAI-shaped body, with {@code upstream_status} added; an
 * Anthropic-shaped one is said in OpenAI's shape (its message and type), and kept for the Messages
 * front ({@link ApiError#anthropicBody()}); everything else is synthesized as {@code
 * {"error":{"message","type","param","code"}}} with {@code code} the engine's error type. Every
 * answer to a failed attempt adds {@link #OWN_FIELDS} inside {@code error}. Stateless.
 */
public final class ErrorMapper {
  /**
   * The fields this project adds inside {@code error}, which a front of another shape carries over:
   * the upstream's status and the failure's category.
   */
  public static final List<String> OWN_FIELDS = List.of("upstream_status", "category");

  /** Exclusions that describe the request itself, not the health of the routes. */
  private static final Set<ExclusionReason> REQUEST_OWN =
      EnumSet.of(
          ExclusionReason.PRICED_TIER_BOUNDARY,
          ExclusionReason.CONTEXT_TOO_SMALL,
          ExclusionReason.MISSING_CAPABILITY,
          ExclusionReason.NOT_CHAT,
          ExclusionReason.OVER_MAX_PRICE,
          ExclusionReason.DENIED_BY_CONFIG);

  private ErrorMapper() {}

  /**
   * The answer for an unknown model: {@code 404 model_not_found} with the close matches {@code
   * client} may ask for — never a model its allow-list keeps from it, which {@code GET /v1/models}
   * does not list to it either — and {@code error.param} the field of {@code request} that names
   * it: {@code model}, or {@code models[i]} of the fallback list ({@code model} when there is no
   * request body, as for {@code GET /v1/models/{id}}).
   *
   * @param request the request that named the model, or {@code null}
   */
  public static ApiError unknownModel(
      UnknownModelException e, ClientToken client, ChatRequest request) {
    List<String> allowed = e.closeMatches().stream().filter(client::allows).toList();
    String message =
        allowed.size() == e.closeMatches().size()
            ? e.getMessage()
            : new UnknownModelException(e.model(), allowed).getMessage();
    // The planner reads model before the fallback list: a name in both is model's.
    int listed =
        request == null || e.model().equals(request.model())
            ? -1
            : request.models().indexOf(e.model());
    String param = listed < 0 ? "model" : "models[" + listed + "]";
    return ApiError.of(404, "invalid_request_error", message, param, "model_not_found");
  }

  /** The answer for {@code e}, with no request to name a field from. */
  public static ApiError map(OrchestratorException e) {
    return map(e, null);
  }

  /**
   * The answer for {@code e} on {@code request}: when no candidate is left because of what the
   * request asks, {@code error.param} names the field (docs/design.md §9).
   */
  public static ApiError map(OrchestratorException e, ChatRequest request) {
    ProviderFailure f = e.lastFailure();
    ApiError err =
        switch (e.type()) {
          case REQUEST_REJECTED -> upstream4xx(e, f);
          case REQUEST_TOO_LARGE ->
              distinctRoutes(e) == 1 && settled4xx(f)
                  ? upstream4xx(e, f)
                  : synth(413, "invalid_request_error", e, null);
          case BACKEND_UNAVAILABLE, CANDIDATES_EXHAUSTED, STREAM_INTERRUPTED ->
              withRetryAfter(synth(502, "upstream_error", e, null), e);
          case RATE_LIMITED ->
              // One route or a group rate limited throughout: the upstream's own 429 as itself.
              (f != null && Integer.valueOf(429).equals(f.status()) && distinctRoutes(e) == 1
                      ? upstream4xx(e, f)
                      : synth(429, "rate_limit_error", e, null))
                  .header("Retry-After", Long.toString(retryAfterSeconds(e.retryAfter())));
          case TOOL_EXECUTION_STOPPED -> synth(409, "tool_execution_error", e, null);
          case DEADLINE_EXCEEDED -> synth(504, "timeout_error", e, null);
          case NO_CANDIDATES -> noCandidates(e, request);
          // The caller gets the UnknownModelException itself (unknownModel): mapped for
          // completeness.
          case MODEL_NOT_FOUND ->
              ApiError.of(404, "invalid_request_error", e.getMessage(), "model", "model_not_found");
          case CANCELLED -> synth(499, "cancelled", e, null);
          case INTERNAL_ERROR ->
              ApiError.internal(e.getCause() instanceof RuntimeException c ? c : e);
        };
    if (f != null) {
      err.extra("category", f.category().wireName());
      if (f.status() != null && !err.error().has("upstream_status")) {
        err.extra("upstream_status", f.status());
      }
    }
    err.header("x-orchestrator-attempts", Integer.toString(attempts(e)));
    return err;
  }

  /**
   * The upstream's own status and body when it is OpenAI-shaped, with {@code upstream_status}; else
   * the upstream's status, message and type in OpenAI's shape, keeping an Anthropic-shaped body for
   * the Messages front.
   */
  private static ApiError upstream4xx(OrchestratorException e, ProviderFailure f) {
    if (f == null || f.status() == null || f.status() < 400 || f.status() > 599) {
      return synth(502, "upstream_error", e, null);
    }
    int status = f.status();
    ObjectNode body = errorBody(f.body());
    boolean anthropic = body != null && body.path("type").asText().equals("error");
    if (body != null && !anthropic) {
      ((ObjectNode) body.get("error")).put("upstream_status", status);
      return ApiError.passthrough(status, body, f.category().wireName());
    }
    JsonNode own = anthropic ? body.get("error") : null;
    String type = own != null && own.path("type").isTextual() ? own.get("type").asText() : null;
    String message =
        own != null && own.path("message").isTextual() ? own.get("message").asText() : null;
    ApiError err =
        ApiError.of(
            status,
            type != null ? type : f.errorType() != null ? f.errorType() : "invalid_request_error",
            message != null ? message : f.message().isEmpty() ? e.getMessage() : f.message(),
            null,
            f.errorCode() != null ? f.errorCode() : f.category().wireName());
    return err.extra("upstream_status", status).anthropicBody(anthropic ? body : null);
  }

  /** {@code body} when it is a JSON object with an {@code error} object (either shape). */
  private static ObjectNode errorBody(String body) {
    if (body == null || body.isBlank()) {
      return null;
    }
    try {
      JsonNode n = Json.MAPPER.readTree(body);
      if (n != null && n.isObject() && n.path("error").isObject()) {
        return (ObjectNode) n;
      }
    } catch (java.io.IOException ignored) {
      // not JSON: synthesized instead
    }
    return null;
  }

  private static ApiError noCandidates(OrchestratorException e, ChatRequest request) {
    Plan plan = e.trace() == null ? null : e.trace().plan();
    if (!requestsOwnLimits(plan)) {
      return synth(503, "service_unavailable_error", e, null);
    }
    Map<String, String> fields = fieldsByDetail(request);
    for (Exclusion x : plan.excluded()) {
      String field = fieldFor(x.detail(), fields);
      if (x.reason() == ExclusionReason.MISSING_CAPABILITY && field != null) {
        return ApiError.of(
            400,
            "invalid_request_error",
            e.getMessage() + "; no candidate can honour " + field + " (" + x.detail() + ")",
            field,
            e.type().wireName());
      }
    }
    return synth(400, "invalid_request_error", e, "model");
  }

  /**
   * The request field behind an exclusion detail: a protocol gap as written, or the first
   * capability of {@code "lacks vision, json"} that a request field implied.
   */
  private static String fieldFor(String detail, Map<String, String> fields) {
    String field = fields.get(detail);
    if (field == null && detail.startsWith("lacks ")) {
      for (String capability : detail.substring("lacks ".length()).split(", ")) {
        field = fields.get(capability);
        if (field != null) {
          break;
        }
      }
    }
    return field;
  }

  /**
   * The request field behind each exclusion detail the planner can write for it: a capability's
   * name ({@code vision}) or a protocol gap ({@code seed: no anthropic-messages equivalent}).
   */
  private static Map<String, String> fieldsByDetail(ChatRequest request) {
    Map<String, String> out = new HashMap<>();
    if (request == null) {
      return out;
    }
    request.impliedCapabilities().forEach((c, field) -> out.put(c.wireName(), field));
    for (Protocol p : Protocol.values()) {
      FieldGap g = ProtocolFit.firstGap(request, p);
      if (g != null) {
        out.put(g.detail(), g.field());
      }
    }
    return out;
  }

  private static ApiError synth(int status, String type, OrchestratorException e, String param) {
    return ApiError.of(status, type, e.getMessage(), param, e.type().wireName());
  }

  private static boolean settled4xx(ProviderFailure f) {
    return f != null && f.status() != null && f.status() >= 400 && f.status() < 500;
  }

  private static boolean requestsOwnLimits(Plan plan) {
    if (plan == null || plan.excluded().isEmpty()) {
      return false;
    }
    for (Exclusion x : plan.excluded()) {
      if (!REQUEST_OWN.contains(x.reason())) {
        return false;
      }
    }
    return true;
  }

  private static int distinctRoutes(OrchestratorException e) {
    if (e.trace() == null) {
      return 0;
    }
    Set<String> routes = new LinkedHashSet<>();
    for (AttemptRecord a : e.trace().attempts()) {
      routes.add(a.route());
    }
    return routes.size();
  }

  public static int attempts(OrchestratorException e) {
    return e.trace() == null ? 0 : e.trace().attempts().size();
  }

  /**
   * The longest {@code Retry-After} ever sent, whatever the engine's policy: a bogus upstream value
   * is never passed on unbounded.
   */
  static final long MAX_RETRY_AFTER_SECONDS = 3600;

  /** A shed route says when its next probe is due. */
  private static ApiError withRetryAfter(ApiError err, OrchestratorException e) {
    return e.retryAfter() == null
        ? err
        : err.header("Retry-After", Long.toString(retryAfterSeconds(e.retryAfter())));
  }

  /** Whole seconds, rounded up, at least 1, at most {@link #MAX_RETRY_AFTER_SECONDS}. */
  public static long retryAfterSeconds(Duration d) {
    if (d == null) {
      return 1;
    }
    long s = Math.max(1, d.toSeconds() + (d.toNanosPart() > 0 ? 1 : 0));
    return Math.min(MAX_RETRY_AFTER_SECONDS, s);
  }
}
