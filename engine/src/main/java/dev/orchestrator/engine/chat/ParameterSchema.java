package dev.orchestrator.engine.chat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The check a tool's parameter schema passes when its {@link ToolDefinition} is built: what every
 * provider refuses is refused here, before a request is planned — text that is not one JSON value,
 * a value that is not an object, a top-level {@code type} other than {@code "object"} (a schema
 * naming no type is taken: OpenAI reads {@code {}} as no parameters, and the Anthropic encoder adds
 * the type). Read with Jackson's streaming parser, the same reader the providers send it with (ADR
 * 0051); nothing of it is kept. Stateless and thread-safe.
 */
final class ParameterSchema {
  private static final JsonFactory JSON = new JsonFactory();
  private static final String NOT_JSON = "not valid JSON (expected: a JSON object)";

  private ParameterSchema() {}

  /**
   * Checks {@code schema}, the parameters of the tool {@code tool}; {@code null} or blank is a tool
   * without parameters.
   *
   * @throws IllegalArgumentException naming the tool and the problem
   */
  static void check(String tool, String schema) {
    if (schema == null || schema.isBlank()) {
      return;
    }
    String problem;
    try (JsonParser p = JSON.createParser(schema)) {
      problem = problem(p);
    } catch (JsonProcessingException e) {
      problem = NOT_JSON;
    } catch (IOException e) {
      throw new UncheckedIOException(e); // reading a string does no I/O
    }
    if (problem != null) {
      throw new IllegalArgumentException("tool '" + tool + "' parameters: " + problem);
    }
  }

  /** What is wrong with the document {@code p} reads, or {@code null}. */
  private static String problem(JsonParser p) throws IOException {
    JsonToken first = p.nextToken();
    if (first != JsonToken.START_OBJECT) {
      return kind(first) + " (expected: a JSON object)";
    }
    for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
      boolean type = "type".equals(p.currentName());
      JsonToken value = p.nextToken();
      if (type && !(value == JsonToken.VALUE_STRING && "object".equals(p.getText()))) {
        String given = value == JsonToken.VALUE_STRING ? shown(p.getText()) : kind(value);
        return "\"type\": " + given + " (expected: \"object\", or no type)";
      }
      p.skipChildren();
    }
    return p.nextToken() == null ? null : NOT_JSON; // one document, nothing after it
  }

  private static String kind(JsonToken t) {
    if (t == null) {
      return "nothing";
    }
    return switch (t) {
      case START_OBJECT -> "an object";
      case START_ARRAY -> "an array";
      case VALUE_STRING -> "a string";
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
      case VALUE_TRUE, VALUE_FALSE -> "a boolean";
      default -> "null";
    };
  }

  /** A string value as the message quotes it: at most 40 characters of a caller's text. */
  private static String shown(String s) {
    return "\"" + (s.length() <= 40 ? s : s.substring(0, 40) + "…") + "\"";
  }
}
