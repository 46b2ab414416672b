package dev.orchestrator.serve.http;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One error answer in OpenAI's shape: {@code {"error":{"message","type","param","code",...}}}, its
 * HTTP status and extra headers; for an upstream error that came in Anthropic's shape, that body
 * too ({@link #anthropicBody()}), which the Messages front answers as-is. Immutable.
 */
public final class ApiError extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int status;
  private final transient ObjectNode body;
  private final transient Map<String, String> headers;
  private final String code;
  private transient ObjectNode anthropicBody;

  private ApiError(int status, ObjectNode body, Map<String, String> headers, String code) {
    super(body.path("error").path("message").asText(""), null, false, false);
    this.status = status;
    this.body = body;
    this.headers = headers;
    this.code = code;
  }

  /** A synthesized error. {@code param} and {@code code} may be {@code null}. */
  public static ApiError of(int status, String type, String message, String param, String code) {
    ObjectNode root = Json.MAPPER.createObjectNode();
    ObjectNode err = root.putObject("error");
    err.put("message", message);
    err.put("type", type);
    err.put("param", param);
    err.put("code", code);
    return new ApiError(status, root, new LinkedHashMap<>(), code != null ? code : type);
  }

  /** A {@code 500 internal_error} naming only the exception's type (never its message). */
  public static ApiError internal(RuntimeException e) {
    return of(
        500,
        "server_error",
        "internal error (" + e.getClass().getSimpleName() + ")",
        null,
        "internal_error");
  }

  /** A {@code 400 invalid_request_error} naming the offending field. */
  public static ApiError badRequest(String param, String message) {
    return of(400, "invalid_request_error", message, param, null);
  }

  /**
   * An {@code invalid_request_error} with {@code status} and the machine-readable {@code code},
   * naming no field: a request refused as a whole (too large, wrong method, unauthenticated).
   */
  public static ApiError invalidRequest(int status, String message, String code) {
    return of(status, "invalid_request_error", message, null, code);
  }

  /** An error whose body is given whole (an upstream body passed through). */
  public static ApiError passthrough(int status, ObjectNode body, String code) {
    return new ApiError(status, body, new LinkedHashMap<>(), code);
  }

  /**
   * Keeps {@code body}, the upstream's own error in Anthropic's shape ({@code
   * {"type":"error","error":{…}}}) that this error says in OpenAI's; returns this.
   */
  public ApiError anthropicBody(ObjectNode body) {
    anthropicBody = body;
    return this;
  }

  /** The upstream's own error in Anthropic's shape that this error says, or {@code null}. */
  public ObjectNode anthropicBody() {
    return anthropicBody;
  }

  /** Adds a response header; returns this. */
  public ApiError header(String name, String value) {
    headers.put(name, value);
    return this;
  }

  /** Adds a field inside {@code error}; returns this. */
  public ApiError extra(String name, Object value) {
    ((ObjectNode) body.get("error")).putPOJO(name, value);
    return this;
  }

  /** The HTTP status. */
  public int status() {
    return status;
  }

  /** The whole body, {@code {"error":{...}}}. */
  public ObjectNode body() {
    return body;
  }

  /** The {@code error} object alone (for an SSE error event). */
  public ObjectNode error() {
    return (ObjectNode) body.get("error");
  }

  /** Extra response headers. */
  public Map<String, String> headers() {
    return headers;
  }

  /** A short machine-readable reason for the access log. */
  public String code() {
    return code;
  }
}
