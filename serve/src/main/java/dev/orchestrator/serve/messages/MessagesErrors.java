package dev.orchestrator.serve.messages;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.serve.front.ErrorMapper;
import dev.orchestrator.serve.http.ApiError;
import dev.orchestrator.serve.http.Json;
import java.util.Map;

/**
 * Renders an error in the Messages protocol's own shape: {@code
 * {"type":"error","error":{"type":…,"message":…}}} with the status Anthropic uses for it — 400
 * {@code invalid_request_error}, 401 {@code authentication_error}, 403 {@code permission_error},
 * 404 {@code not_found_error}, 413 {@code request_too_large}, 429 {@code rate_limit_error}, 500
 * {@code api_error}, 504 {@code timeout_error}, and 529 {@code overloaded_error} when no route
 * could answer (docs/reference.md §7). An Anthropic upstream's own error body is answered as-is.
 * The project's own fields inside {@code error} ({@link ErrorMapper#OWN_FIELDS}) and the headers
 * ({@code Retry-After}, {@code x-orchestrator-attempts}) are kept. Stateless.
 */
final class MessagesErrors {
  private MessagesErrors() {}

  /** {@code e} in the Messages shape. */
  static ApiError render(ApiError e) {
    int status = status(e.status());
    ObjectNode body =
        e.anthropicBody() != null
            ? e.anthropicBody().deepCopy()
            : body(type(status), e.getMessage());
    ObjectNode error = (ObjectNode) body.get("error");
    JsonNode own = e.body().path("error");
    for (String f : ErrorMapper.OWN_FIELDS) {
      if (own.has(f)) {
        error.set(f, own.get(f));
      }
    }
    ApiError out = ApiError.passthrough(status, body, e.code());
    for (Map.Entry<String, String> h : e.headers().entrySet()) {
      out.header(h.getKey(), h.getValue());
    }
    return out;
  }

  /** The {@code error} event's data of a stream broken off after output. */
  static ObjectNode streamError(ApiError e) {
    int status = status(e.status());
    return body(status == 529 || status == 429 ? "overloaded_error" : "api_error", e.getMessage());
  }

  private static ObjectNode body(String type, String message) {
    ObjectNode root = Json.MAPPER.createObjectNode();
    root.put("type", "error");
    root.putObject("error").put("type", type).put("message", message);
    return root;
  }

  /** Every "no route could answer" status (502, 503) is Anthropic's overloaded 529. */
  private static int status(int status) {
    return status == 502 || status == 503 ? 529 : status;
  }

  static String type(int status) {
    return switch (status) {
      case 401 -> "authentication_error";
      case 402 -> "billing_error";
      case 403 -> "permission_error";
      case 404 -> "not_found_error";
      case 413 -> "request_too_large";
      case 429 -> "rate_limit_error";
      case 504 -> "timeout_error";
      case 529 -> "overloaded_error";
      default -> status >= 500 ? "api_error" : "invalid_request_error";
    };
  }
}
