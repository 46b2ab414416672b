package dev.orchestrator.engine.chat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The engine's strict JSON reader: every value kind, escapes, and what it refuses. */
class JsonTextTest {
  @Test
  void readsEveryKindOfValueInOrder() {
    Object v =
        JsonText.parse(
            " {\"s\":\"a\\\"b\\\\c\\/d\\n\\t\\u00e9\\ud83d\\ude00\",\"n\":-1.5e3,\"z\":0,"
                + "\"t\":true,\"f\":false,\"x\":null,\"a\":[1,[],{}],\"o\":{\"k\":\"v\"}} ");

    assertThat(v).isInstanceOf(Map.class);
    @SuppressWarnings("unchecked")
    Map<String, Object> m = (Map<String, Object>) v;
    assertThat(m.keySet()).containsExactly("s", "n", "z", "t", "f", "x", "a", "o");
    assertThat(m.get("s")).isEqualTo("a\"b\\c/d\n\té😀");
    assertThat(m.get("n")).isEqualTo(new BigDecimal("-1.5e3"));
    assertThat(m.get("z")).isEqualTo(BigDecimal.ZERO);
    assertThat(m.get("t")).isEqualTo(true);
    assertThat(m.get("f")).isEqualTo(false);
    assertThat(m.containsKey("x")).isTrue();
    assertThat(m.get("x")).isNull();
    assertThat(m.get("a")).isEqualTo(List.of(new BigDecimal("1"), List.of(), Map.of()));
    assertThat(m.get("o")).isEqualTo(Map.of("k", "v"));
  }

  @Test
  void readsALongStringWithoutEscapesWhole() {
    String data = "JVBERi0xLjQK".repeat(100_000);
    assertThat(JsonText.parse("\"" + data + "\"")).isEqualTo(data);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "{",
        "{\"a\":1,}",
        "{\"a\" 1}",
        "{a:1}",
        "[1,]",
        "[1 2]",
        "\"open",
        "\"tab\there\"",
        "\"\\x\"",
        "\"\\u12\"",
        "01",
        "-",
        "1.",
        "1e",
        "tru",
        "nul",
        "{} {}",
        "{\"a\":1,\"a\":2}"
      })
  void refusesWhatIsNotExactlyOneJsonValue(String text) {
    assertThatThrownBy(() -> JsonText.parse(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("not JSON: ")
        .hasMessageContaining(" at character ");
  }

  @Test
  void aDuplicateKeyIsNamed() {
    assertThatThrownBy(() -> JsonText.parse("{\"file\":{},\"file\":{}}"))
        .hasMessageContaining("duplicate key 'file'");
  }

  @Test
  void refusesNestingDeeperThanItsBound() {
    char[] open = new char[JsonText.MAX_DEPTH + 2];
    char[] close = new char[open.length];
    Arrays.fill(open, '[');
    Arrays.fill(close, ']');
    String deep = new String(open) + new String(close);
    assertThatThrownBy(() -> JsonText.parse(deep)).hasMessageContaining("nested deeper than 64");
    String fits = deep.substring(2, deep.length() - 2);
    assertThat(JsonText.parse(fits)).isInstanceOf(List.class);
  }
}
