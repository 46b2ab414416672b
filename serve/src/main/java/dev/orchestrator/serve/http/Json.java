package dev.orchestrator.serve.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** serve's one JSON mapper: deterministic output (insertion-ordered maps, plain decimals). */
public final class Json {
  /** Shared, thread-safe mapper. */
  public static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
          .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
          .enable(com.fasterxml.jackson.core.StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
          .build();

  private Json() {}

  /**
   * {@code json} read as a JSON object (a route's native block, delta or message fields), or {@code
   * null} when it is null or not a JSON object.
   */
  public static ObjectNode object(String json) {
    try {
      return json != null && MAPPER.readTree(json) instanceof ObjectNode o ? o : null;
    } catch (JsonProcessingException e) {
      return null;
    }
  }
}
