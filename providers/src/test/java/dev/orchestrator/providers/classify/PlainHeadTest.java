package dev.orchestrator.providers.classify;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** {@link Text#plainHead}, the cleaner's no-copy shortcut, says exactly what the cleaner does. */
class PlainHeadTest {

  @Property(tries = 3000)
  void agreesWithTheCleanerWheneverItAnswers(
      @ForAll("texts") String text,
      @ForAll boolean keepLines,
      @ForAll @IntRange(min = 0, max = 120) int stopAfter) {
    int plain = Text.plainHead(text, keepLines, stopAfter);
    StringBuilder out = new StringBuilder();
    int cut = Text.clean(text, keepLines, stopAfter, out);
    if (plain >= 0) {
      assertThat(cut).isEqualTo(plain);
      assertThat(out.toString()).isEqualTo(text.substring(0, plain));
    }
  }

  @Property(tries = 500)
  void answersForEveryPrintableAsciiBody(
      @ForAll("printable") String text, @ForAll @IntRange(min = 0, max = 120) int stopAfter) {
    assertThat(Text.plainHead(text, true, stopAfter)).isNotNegative();
  }

  @Property(tries = 3000)
  void checksABodyEightCharsAStepAsOneAtATime(
      @ForAll("bodies") String text, @ForAll @IntRange(min = 0, max = 400) int stopAfter) {
    int m = Math.min(text.length(), stopAfter);
    assertThat(Text.plainBody(text, m)).isEqualTo(plainCharByChar(text, m));
  }

  // plainBody's definition, a char at a time
  private static boolean plainCharByChar(String s, int m) {
    for (int k = 0; k < m; k++) {
      char c = s.charAt(k);
      if (c >= 0x7F || c < ' ' && c != '\n' && c != '\t') {
        return false;
      }
    }
    return true;
  }

  // mostly printable ASCII, with now and then a char at either edge of what is plain (every
  // control char, DEL, C1, Latin-1, past Latin-1, a surrogate) at any place of an eight-char step
  @Provide
  Arbitrary<String> bodies() {
    Arbitrary<Character> rare =
        Arbitraries.oneOf(
            Arbitraries.chars().range('\u0000', '\u001f'),
            Arbitraries.of('\u007e', '\u007f', '\u0080', '\u009f', '\u00e9', '\u00ff', '\u0100'),
            Arbitraries.of('\u0130', '\u212a', '\u4e2d', '\ud83d', '\ufeff'));
    return Arbitraries.frequencyOf(
            Tuple.of(60, Arbitraries.chars().range(' ', '~')), Tuple.of(1, rare))
        .list()
        .ofMaxSize(300)
        .map(
            cs -> {
              StringBuilder b = new StringBuilder(cs.size());
              cs.forEach(b::append);
              return b.toString();
            });
  }

  @Provide
  Arbitrary<String> printable() {
    return Arbitraries.strings().withCharRange(' ', '~').withChars('\n', '\t').ofMaxLength(300);
  }

  @Test
  void answersForAPlainJsonErrorBody() {
    String body = "{\n  \"error\": {\n\t\"message\": \"Rate limit reached, try again\"\n  }\n}";

    assertThat(Text.plainHead(body, true, 20)).isEqualTo(body.indexOf(',', 20));
    assertThat(Text.plainHead(body, true, 1000)).isEqualTo(body.length());
    assertThat(Text.plainHead(body, false, 1000)).isEqualTo(-1); // its line feeds are folded
    assertThat(Text.plainHead("Rate limit reached, try again", false, 5)).isEqualTo(18);
  }

  @Provide
  Arbitrary<String> texts() {
    Arbitrary<String> pieces =
        Arbitraries.oneOf(
            Arbitraries.of(
                " ",
                "  ",
                "\n",
                "\t",
                "\r",
                "\u0000",
                "\u007f",
                "\u001b[1m",
                "\u00e9",
                "\u00ad",
                "\u200b",
                "\uD83D\uDE00",
                "\uD83D",
                "İ",
                ",",
                ";",
                "&",
                "{",
                "}",
                "<",
                ">"),
            Arbitraries.strings().withCharRange('!', '~').ofMinLength(1).ofMaxLength(12));
    return pieces.list().ofMaxSize(30).map(l -> String.join("", l));
  }
}
