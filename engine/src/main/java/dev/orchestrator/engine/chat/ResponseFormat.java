package dev.orchestrator.engine.chat;

import java.util.regex.Pattern;

/**
 * The output format a request asks for ({@code response_format}). Immutable and thread-safe.
 *
 * @param type {@code text}, {@code json_object} or {@code json_schema}
 * @param jsonSchema for {@code json_schema}, the schema object as JSON text; otherwise {@code null}
 * @param name for {@code json_schema}, the schema's name ({@code [a-zA-Z0-9_-]{1,64}}); {@code
 *     null} means {@code response}
 * @param description for {@code json_schema}, what the format is for, or {@code null}
 * @param strict for {@code json_schema}, whether the schema is enforced strictly, or {@code null}
 *     when not said
 */
public record ResponseFormat(
    String type, String jsonSchema, String name, String description, Boolean strict) {
  private static final Pattern NAME = Pattern.compile("[a-zA-Z0-9_-]{1,64}");

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
    boolean schema = "json_schema".equals(type);
    if (schema && (jsonSchema == null || jsonSchema.isBlank())) {
      throw new IllegalArgumentException(
          "response_format.json_schema.schema: missing (expected: a JSON schema object)");
    }
    if (!schema && (jsonSchema != null || name != null || description != null || strict != null)) {
      throw new IllegalArgumentException(
          "response_format: a schema with type " + type + " (expected: type json_schema)");
    }
    if (name != null && !NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "response_format.json_schema.name: " + name + " (expected: [a-zA-Z0-9_-]{1,64})");
    }
  }

  /** A format of {@code type} with an optional schema (the shape of earlier versions). */
  public ResponseFormat(String type, String jsonSchema) {
    this(type, jsonSchema, null, null, null);
  }

  /**
   * A {@code json_schema} format.
   *
   * @param name the schema's name, or {@code null}
   * @param schemaJson the JSON schema as JSON text
   * @param strict whether to enforce it strictly, or {@code null}
   */
  public static ResponseFormat jsonSchema(String name, String schemaJson, Boolean strict) {
    return new ResponseFormat("json_schema", schemaJson, name, null, strict);
  }

  /** Whether this format needs structured-output support. */
  public boolean structured() {
    return !"text".equals(type);
  }
}
