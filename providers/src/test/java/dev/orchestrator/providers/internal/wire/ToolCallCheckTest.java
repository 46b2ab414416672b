package dev.orchestrator.providers.internal.wire;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolDefinition;
import java.util.List;
import org.junit.jupiter.api.Test;

class ToolCallCheckTest {
  private static final List<ToolDefinition> TOOLS =
      List.of(
          new ToolDefinition(
              "read_file",
              "reads a file",
              "{\"type\":\"object\",\"properties\":{\"path\":{\"type\":\"string\"},"
                  + "\"lines\":{\"type\":\"integer\"},\"tags\":{\"type\":[\"array\",\"null\"]}},"
                  + "\"required\":[\"path\"]}"),
          new ToolDefinition("now", null, null));

  private static boolean valid(String name, String args) {
    return ToolCallCheck.valid(new ToolCall("c1", name, args), TOOLS);
  }

  @Test
  void acceptsArgumentsThatParseAndFitTheSchema() {
    assertThat(valid("read_file", "{\"path\":\"a.txt\",\"lines\":10,\"tags\":null}")).isTrue();
    assertThat(valid("read_file", " {\"path\":\"\\u00e9\\n\", \"tags\":[1,{\"x\":[]}]} ")).isTrue();
    assertThat(valid("now", "{}")).isTrue();
  }

  @Test
  void rejectsBrokenJsonMissingRequiredWrongTypesAndUnknownTools() {
    assertThat(valid("read_file", "{\"path\":\"a.txt\"")).isFalse();
    assertThat(valid("read_file", "{\"path\":'a'}")).isFalse();
    assertThat(valid("read_file", "{\"lines\":3}")).isFalse();
    assertThat(valid("read_file", "{\"path\":3}")).isFalse();
    assertThat(valid("read_file", "{\"path\":\"a\",\"lines\":1.5}")).isFalse();
    assertThat(valid("read_file", "[\"a\"]")).isFalse();
    assertThat(valid("write_file", "{\"path\":\"a\"}")).isFalse();
    assertThat(valid("now", "{} trailing")).isFalse();
  }
}
