package dev.orchestrator.engine.chat;

/**
 * The output format a request asks for. Immutable and thread-safe.
 *
 * @param type {@code text}, {@code json_object} or {@code json_schema}
 * @param jsonSchema for {@code json_schema}, the schema object as JSON text; otherwise {@code null}
 */
public record ResponseFormat(String type, String jsonSchema) {
  /** Plain text. */
  public static final ResponseFormat TEXT = new ResponseFormat("text", null);

  /** Any JSON object. */
  public static final ResponseFormat JSON_OBJECT = new ResponseFormat("json_object", null);

  /** Validates. */
  public ResponseFormat {
    if (!"text".equals(type) && !"json_object".equals(type) && !"json_schema".equals(type)) {
      throw new IllegalArgumentException(
          "response_format.type: " + type + " (expected: text, json_object or json_schema)");
    }
  }

  /** Whether this format needs structured-output support. */
  public boolean structured() {
    return !"text".equals(type);
  }
}
