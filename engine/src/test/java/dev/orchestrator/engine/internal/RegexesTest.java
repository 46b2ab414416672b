package dev.orchestrator.engine.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RegexesTest {
  /**
   * The case that read differently across JDKs: an ASCII word right after a CJK letter. JDK 17's
   * {@code \b} saw no edge between "的" and "key"; JDK 19 and later do. CI runs this on both.
   */
  @Test
  void anAsciiWordBesideACjkLetterHasAnEdgeOnEveryJdk() {
    assertThat(Regexes.compile("\\bkey\\b").matcher("您提供的key无效").find()).isTrue();
    assertThat(Regexes.compile("\\b(?:key|token)\\s*无效").matcher("令牌token无效").find()).isTrue();
    assertThat(Regexes.compile("\\bkey\\b").matcher("monkey keys").find()).isFalse();
  }

  /** Each boundary's lookaround, by what stands beside it ({@code ⟨either⟩}: both cases). */
  @ParameterizedTest(name = "{0} => {1}")
  @CsvSource(
      delimiterString = " => ",
      textBlock =
          """
          # before a first character that is surely a word character, read after it
          \\bkey\\b            => k(?<!\\w.)ey(?!\\w)
          \\b\\d+              => (?<!\\w)\\d+
          \\d+\\b              => \\d+(?!\\w)
          # an optional or repeated-from-zero character may be absent: both cases
          \\bs?x               => ⟨either⟩s?x
          ab*\\b               => ab*⟨either⟩
          x{0,2}\\b            => x{0,2}⟨either⟩
          x{1,2}\\b            => x{1,2}(?!\\w)
          # a group each of whose alternatives starts (ends) with a word character, a class of them
          \\b(?:a|b1)          => (?<!\\w)(?:a|b1)
          (?:a|b1)\\b          => (?:a|b1)(?!\\w)
          [a-z_]+\\b           => [a-z_]+(?!\\w)
          # …and one that may not: both cases
          \\b(?:a|-)           => ⟨either⟩(?:a|-)
          [a-]\\b              => [a-]⟨either⟩
          [^ ]\\b              => [^ ]⟨either⟩
          (?=a)\\b             => (?=a)⟨either⟩
          # quoted text is read for what it holds
          \\b\\Qa.b\\E\\b        => (?<!\\w)\\Qa.b\\E(?!\\w)
          """)
  void eachBoundaryIsWrittenByWhatStandsBesideIt(String regex, String rewritten) {
    assertThat(Regexes.asciiBoundaries(regex)).isEqualTo(rewritten.replace("⟨either⟩", either()));
  }

  @Test
  void whatIsNotABoundaryIsLeftAsItIs() {
    for (String regex :
        List.of("a\\\\b", "[\\b]", "\\Q\\b\\E", "\\x41b", "\\p{L}b", "no edge here", "\\\\\\\\b")) {
      assertThat(Regexes.asciiBoundaries(regex)).as(regex).isEqualTo(regex);
    }
  }

  @Test
  void aBoundaryBesideALetterOutsideAsciiIsRefusedNamingWhere() {
    for (String regex :
        List.of("\\bпровайдер", "провайдер\\b", "x|\\b(?:ключ|y)", "\\b(密钥)", "(?:ключ|key)\\b")) {
      assertThatThrownBy(() -> Regexes.compile(regex))
          .as(regex)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("outside ASCII")
          .hasMessageContaining(regex.substring(0, Math.min(regex.length(), 6)));
    }
    // punctuation outside ASCII reads the same on every JDK: allowed
    assertThat(Regexes.compile("error\\b：").matcher("error：x").find()).isTrue();
  }

  /**
   * On ASCII text every JDK reads {@code \b} alike, so there the rewritten pattern must find
   * exactly what the original finds, wherever it finds it.
   */
  @Property(tries = 5000)
  void onAsciiTextTheRewriteFindsWhatTheOriginalFinds(
      @ForAll("patterns") String regex, @ForAll("texts") String text) {
    assertThat(matches(Regexes.compile(regex), text))
        .as("%s on \"%s\"", regex, text)
        .isEqualTo(matches(Pattern.compile(regex), text));
  }

  /**
   * On text of any script, what {@link Regexes#compile} finds is what the rewrite finds: on JDK 19
   * and later, where the pattern is compiled as written, this checks that the rewrite has that
   * JDK's meaning of {@code \b}; on an older JDK, that the rewrite is what runs.
   */
  @Property(tries = 3000)
  void onAnyScriptCompileFindsWhatTheRewriteFinds(
      @ForAll("patterns") String regex, @ForAll("mixedTexts") String text) {
    assertThat(matches(Regexes.compile(regex), text))
        .as("%s on \"%s\"", regex, text)
        .isEqualTo(matches(Pattern.compile(Regexes.asciiBoundaries(regex)), text));
  }

  @Provide
  Arbitrary<String> patterns() {
    return Arbitraries.of(
            "\\b",
            "\\b",
            "\\b",
            "a",
            "b",
            "a?",
            "b+",
            "x*",
            "(?:a|_)",
            "[a ]",
            " ",
            "-",
            "\\d",
            "\\w*",
            "\\Qa-\\E",
            "1",
            "_",
            "\\s",
            "(?:\\ba|b\\b)",
            "a{0,2}",
            "a{1,2}",
            "b+?",
            "|",
            "[a-z]+",
            "[^a ]",
            "[a-]",
            "[x1_]",
            "(?:ab|1)",
            "(?:a|-)",
            "(?i:a)",
            "(?=a)",
            "(?<!b)",
            "(?:a|b)?",
            "(a)")
        .list()
        .ofMinSize(1)
        .ofMaxSize(7)
        .map(parts -> String.join("", parts));
  }

  @Provide
  Arbitrary<String> texts() {
    return Arbitraries.strings().withChars("ab x1_-").ofMaxLength(12);
  }

  @Provide
  Arbitrary<String> mixedTexts() {
    return Arbitraries.strings().withChars("ab x1_-的йé").ofMaxLength(12);
  }

  private static List<String> matches(Pattern p, String text) {
    List<String> found = new ArrayList<>();
    Matcher m = p.matcher(text);
    while (m.find()) {
      found.add(m.start() + ":" + m.end());
    }
    return found;
  }

  private static String either() {
    return "(?:(?<=\\w)(?!\\w)|(?<!\\w)(?=\\w))";
  }
}
