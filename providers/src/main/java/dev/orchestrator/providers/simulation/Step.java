package dev.orchestrator.providers.simulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * One scripted answer of the {@link ScriptedUpstream} (docs/reference.md §4). Exactly one shape
 * applies:
 *
 * <ul>
 *   <li>a {@link #fault()} — that misbehaviour (streaming faults send {@link #content()}, default
 *       {@link #DEFAULT_CONTENT});
 *   <li>{@code status} other than 200, or a {@code body} — that answer as it is, with {@link
 *       #headers()};
 *   <li>otherwise a normal completion of {@link #content()} (default {@code "ok"}), as SSE when the
 *       request streams, with {@link #usage()} when given.
 * </ul>
 *
 * {@link #delayMs()} waits before answering (for {@link Fault#SLOW_FIRST_TOKEN}: before the first
 * token). Immutable and thread-safe.
 *
 * @param status HTTP status, or {@code null} (200)
 * @param body raw response body, or {@code null}
 * @param headers extra response headers (empty when none)
 * @param content the assistant text, or {@code null} for the default
 * @param fault the misbehaviour, or {@code null}
 * @param delayMs milliseconds to wait, or {@code null}
 * @param usage the usage object to report, or {@code null}
 */
public record Step(
    Integer status,
    String body,
    Map<String, String> headers,
    String content,
    Fault fault,
    Long delayMs,
    Map<String, Object> usage) {

  /** The text streaming faults send when the step has no content: about 60 words. */
  public static final String DEFAULT_CONTENT =
      "The quick brown fox jumps over the lazy dog while the orchestrator routes each request"
          + " to the next healthy provider, retrying transient failures with jittered backoff,"
          + " honouring every Retry-After header it is given, and never replaying an answer once"
          + " visible output has reached the caller, because a truncated stream must end with an"
          + " explicit error rather than a silent success that looks complete but is not.";

  private static final ObjectMapper MAPPER = JsonMapper.builder().build();

  private static final Set<String> FIELDS =
      Set.of("status", "body", "headers", "content", "fault", "delayMs", "usage");

  /** Validates and copies. */
  public Step {
    if (status != null && (status < 100 || status > 599)) {
      throw new IllegalArgumentException("status: " + status + " (expected: 100..599)");
    }
    if (delayMs != null && delayMs < 0) {
      throw new IllegalArgumentException("delayMs: " + delayMs + " (expected: >= 0)");
    }
    headers =
        headers == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    usage = usage == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(usage));
  }

  /** A normal completion of {@code content}. */
  public static Step ok(String content) {
    return new Step(200, null, null, content, null, null, null);
  }

  /** An answer with {@code status} and a raw {@code body}. */
  public static Step answer(int status, String body) {
    return new Step(status, body, null, null, null, null, null);
  }

  /** A fault. */
  public static Step fault(Fault fault) {
    return new Step(null, null, null, null, fault, null, null);
  }

  /** Copy that waits {@code ms} first (for slow first token: before the first token). */
  public Step withDelay(long ms) {
    return new Step(status, body, headers, content, fault, ms, usage);
  }

  /** Copy with response headers. */
  public Step withHeaders(Map<String, String> h) {
    return new Step(status, body, h, content, fault, delayMs, usage);
  }

  /** Copy with content. */
  public Step withContent(String c) {
    return new Step(status, body, headers, c, fault, delayMs, usage);
  }

  /** Copy with a usage object. */
  public Step withUsage(Map<String, Object> u) {
    return new Step(status, body, headers, content, fault, delayMs, u);
  }

  /** The text this step sends: its content, or the default for its shape. */
  public String effectiveContent() {
    if (content != null) {
      return content;
    }
    return fault == null ? "ok" : DEFAULT_CONTENT;
  }

  /**
   * Parses one step of a scenario's {@code upstream} section.
   *
   * @throws IllegalArgumentException naming the unknown field, the bad fault name or the wrong type
   */
  public static Step fromJson(JsonNode node) {
    if (node == null || !node.isObject()) {
      throw new IllegalArgumentException(
          "upstream step: " + node + " (expected: an object such as {\"status\": 200})");
    }
    for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (!FIELDS.contains(f)) {
        throw new IllegalArgumentException(
            "upstream step: unknown field '"
                + f
                + "' (expected: status, body, headers, content, fault, delayMs, usage)");
      }
    }
    Integer status = null;
    if (node.hasNonNull("status")) {
      JsonNode s = node.get("status");
      if (!s.canConvertToInt() || !s.isIntegralNumber()) {
        throw new IllegalArgumentException(
            "upstream step status: " + s + " (expected: an integer 100..599)");
      }
      status = s.intValue();
    }
    String body = null;
    if (node.hasNonNull("body")) {
      JsonNode b = node.get("body");
      body = b.isTextual() ? b.asText() : b.toString(); // an object body is sent as its JSON
    }
    Map<String, String> headers = null;
    if (node.hasNonNull("headers")) {
      JsonNode h = node.get("headers");
      if (!h.isObject()) {
        throw new IllegalArgumentException(
            "upstream step headers: " + h + " (expected: an object of strings)");
      }
      headers = new LinkedHashMap<>();
      for (Map.Entry<String, JsonNode> e : h.properties()) {
        if (!e.getValue().isValueNode() || e.getValue().isNull()) {
          throw new IllegalArgumentException(
              "upstream step header '"
                  + e.getKey()
                  + "': "
                  + e.getValue()
                  + " (expected: a string)");
        }
        headers.put(e.getKey(), e.getValue().asText());
      }
    }
    String content = null;
    if (node.hasNonNull("content")) {
      JsonNode c = node.get("content");
      if (!c.isTextual()) {
        throw new IllegalArgumentException("upstream step content: " + c + " (expected: a string)");
      }
      content = c.asText();
    }
    Fault fault = null;
    if (node.hasNonNull("fault")) {
      JsonNode f = node.get("fault");
      if (!f.isTextual()) {
        throw new IllegalArgumentException("upstream step fault: " + f + " (expected: a string)");
      }
      fault = Fault.fromWireName(f.asText());
    }
    Long delay = null;
    if (node.hasNonNull("delayMs")) {
      JsonNode d = node.get("delayMs");
      if (!d.isIntegralNumber() || !d.canConvertToLong()) {
        throw new IllegalArgumentException(
            "upstream step delayMs: " + d + " (expected: an integer >= 0)");
      }
      delay = d.longValue();
    }
    Map<String, Object> usage = null;
    if (node.hasNonNull("usage")) {
      JsonNode u = node.get("usage");
      if (!u.isObject()) {
        throw new IllegalArgumentException(
            "upstream step usage: " + u + " (expected: an object such as {\"prompt_tokens\": 10})");
      }
      usage = new LinkedHashMap<>();
      for (Map.Entry<String, JsonNode> e : u.properties()) {
        usage.put(e.getKey(), MAPPER.convertValue(e.getValue(), Object.class));
      }
    }
    return new Step(status, body, headers, content, fault, delay, usage);
  }
}
