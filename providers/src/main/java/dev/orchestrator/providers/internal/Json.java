package dev.orchestrator.providers.internal;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/** The wire {@link ObjectMapper}: lenient on unknown fields, omits nulls. Thread-safe. */
public final class Json {
  /** Shared mapper; configured once, never mutated afterwards. */
  public static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .defaultPropertyInclusion(
              JsonInclude.Value.construct(
                  JsonInclude.Include.NON_NULL, JsonInclude.Include.NON_NULL))
          .build();

  private Json() {}

  /** Parses JSON text, or returns {@code null} when it is not JSON. */
  public static JsonNode parseOrNull(String text) {
    if (text == null || text.isBlank()) {
      return null;
    }
    try {
      return MAPPER.readTree(text);
    } catch (JsonProcessingException e) {
      return null;
    }
  }

  /** Text of a node that may be absent, {@code null} or not textual. */
  public static String text(JsonNode node) {
    return node == null || node.isNull() || node.isMissingNode() ? null : node.asText();
  }
}
