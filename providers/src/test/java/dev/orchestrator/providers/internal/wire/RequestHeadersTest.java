package dev.orchestrator.providers.internal.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.CharRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RequestHeadersTest {

  /** The same names and values {@code java.net.http} refuses; the message never holds the value. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock =
          """
          space in name     | "bad name" | v          | header name: not a token
          empty name        | ""         | v          | header name: not a token
          restricted host   | Host       | example    | header Host: restricted
          restricted length | content-length | 3      | header content-length: restricted
          transfer coding   | Transfer-Encoding | chunked | header Transfer-Encoding: restricted
          newline in value  | x-key      | "sk-1\\n"  | header x-key: value holds a control character
          NUL in value      | x-key      | "a\\u0000" | header x-key: value holds a control character
          """)
  void refusesWhatTheJdkClientRefuses(String what, String name, String value, String message) {
    String v = value.replace("\\n", "\n").replace("\\u0000", "\u0000");
    RequestHeaders h = new RequestHeaders();
    assertThatThrownBy(() -> h.set(name, v))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(message + messageTail(message))
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("sk-1"));
    assertThat(h.trySet(name, v)).isFalse();
  }

  private static String messageTail(String message) {
    if (message.startsWith("header name")) {
      return " (expected: RFC 9110 token)";
    }
    return message.endsWith("restricted")
        ? " (expected: set by the HTTP client)"
        : " (expected: none but tab)";
  }

  @Test
  void setReplacesCaseInsensitivelyAndKeepsOrder() {
    RequestHeaders h = new RequestHeaders();
    h.set("Accept", "a");
    h.set("X-Tab", "one\ttwo");
    h.set("accept", "b");
    List<String> seen = new ArrayList<>();
    h.forEach((n, v) -> seen.add(n + "=" + v));
    assertThat(seen).containsExactly("Accept=b", "X-Tab=one\ttwo");
    assertThat(h.get("ACCEPT")).isEqualTo("b");
    assertThat(h.get("missing")).isNull();
  }

  /** The grammar in its regular-expression form: an RFC 9110 token; no control but HTAB. */
  private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");

  private static final Pattern VALUE = Pattern.compile("[\\t\\x20-\\x7e\\x80-\\xff]*");

  @Property(tries = 3000)
  void aNameIsATokenExactlyAsTheGrammarSays(@ForAll @CharRange(from = ' ', to = '~') String s) {
    assertThat(RequestHeaders.isToken(s)).isEqualTo(TOKEN.matcher(s).matches());
  }

  @Property(tries = 3000)
  void aValueIsAcceptedExactlyAsTheGrammarSays(
      @ForAll @CharRange(from = '\u0000', to = '\u017f') String s) {
    assertThat(RequestHeaders.isValue(s)).isEqualTo(VALUE.matcher(s).matches());
    assertThat(RequestHeaders.isToken(s)).isEqualTo(TOKEN.matcher(s).matches());
  }
}
