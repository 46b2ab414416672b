package dev.orchestrator.engine.chat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** A tool's parameter schema is checked where it is built, as a provider would read it. */
class ToolDefinitionTest {
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      textBlock =
          """
          {oops                                | not valid JSON (expected: a JSON object)
          {"type":"object"} {}                 | not valid JSON (expected: a JSON object)
          {"type":"object"} x                  | not valid JSON (expected: a JSON object)
          [{"type":"object"}]                  | an array (expected: a JSON object)
          "object"                             | a string (expected: a JSON object)
          7                                    | a number (expected: a JSON object)
          null                                 | null (expected: a JSON object)
          {"type":"string"}                    | "type": "string" (expected: "object", or no type)
          {"type":["object","null"]}           | "type": an array (expected: "object", or no type)
          {"type":"object","type":"array"}     | "type": "array" (expected: "object", or no type)
          """)
  void refusesWhatAProviderWouldRefuseNamingTheToolAndTheProblem(String schema, String problem) {
    assertThatThrownBy(() -> new ToolDefinition("weather", "Weather in a city", schema))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("tool 'weather' parameters: " + problem);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "{}",
        " {\"type\": \"object\"} ",
        "{\"properties\":{\"type\":{\"type\":\"string\"}},\"required\":[\"type\"]}",
        "{\"type\":\"object\",\"anyOf\":[{\"type\":\"string\"}]}"
      })
  void takesAnObjectSchemaWhateverItsNestedTypes(String schema) {
    assertThat(new ToolDefinition("weather", null, schema).parametersJsonSchema())
        .isEqualTo(schema);
  }

  @Test
  void noSchemaIsAToolWithoutParameters() {
    assertThat(new ToolDefinition("ping", null, null).parametersJsonSchema()).isNull();
    assertThat(new ToolDefinition("ping", null, " ").parametersJsonSchema()).isEqualTo(" ");
  }
}
