package dev.orchestrator.providers.classify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.providers.classify.PhraseScanner.Phrases;
import java.util.List;
import java.util.Locale;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class PhraseScannerTest {

  private static final PhraseScanner.Builder B = PhraseScanner.builder();
  private static final Phrases HE = B.phrases("he", "she");
  private static final Phrases HIS = B.phrases("his", "hers");
  private static final Phrases RATE = B.phrases("rate limit", "rate_limit", "ratelimit");
  private static final Phrases A = B.phrases("a", "aab");
  private static final PhraseScanner SCANNER = B.build();
  private static final List<Phrases> ALL = List.of(HE, HIS, RATE, A);

  @Test
  void findsPhrasesThatOverlapOrEndInsideOthers() {
    long present = SCANNER.scan("ushers");
    assertThat(HE.in(present)).isTrue();
    assertThat(HIS.in(present)).isTrue(); // "hers" inside "shers"
    assertThat(RATE.in(present)).isFalse();
    assertThat(A.in(present)).isFalse();
  }

  @Test
  void nonAsciiCharsBreakAPhrase() {
    assertThat(RATE.in(SCANNER.scan("rate\u00e9limit"))).isFalse();
    assertThat(RATE.in(SCANNER.scan("\u00e9rate_limit\u00e9"))).isTrue();
  }

  @Test
  void findsWidePhrasesOnlyWhereTheyOccurAndKeepsTheHiddenBitOut() {
    PhraseScanner.Builder b = PhraseScanner.builder();
    Phrases balance = b.phrases("insufficient balance", "余额不足");
    Phrases limit = b.phrases("并发数过高");
    PhraseScanner scanner = b.build();

    assertThat(balance.in(scanner.scan("429 余额不足或无可用资源包,请充值。"))).isTrue();
    assertThat(limit.in(scanner.scan("429 余额不足或无可用资源包,请充值。"))).isFalse();
    assertThat(balance.in(scanner.scan("Insufficient balance".toLowerCase()))).isTrue();
    // a wide char that starts no phrase sets no bit at all
    assertThat(scanner.scan("模型不存在")).isZero();
    assertThat(scanner.scan("您当前使用该API的并发数过高")).isEqualTo(limitBits(limit));
  }

  private static long limitBits(Phrases set) {
    for (int bit = 0; bit < Long.SIZE; bit++) {
      if (set.in(1L << bit)) {
        return 1L << bit;
      }
    }
    throw new AssertionError("no bit");
  }

  @Test
  void findsNothingInEmptyText() {
    assertThat(SCANNER.scan("")).isZero();
  }

  @Test
  void rejectsNonAsciiAndEmptyPhrasesAndLateSets() {
    PhraseScanner.Builder b = PhraseScanner.builder();
    assertThatThrownBy(() -> b.phrases("caf\u00e9")).hasMessageContaining("expected: ASCII");
    assertThatThrownBy(() -> b.phrases("")).hasMessageContaining("expected: non-empty");
    b.build();
    assertThatThrownBy(() -> b.phrases("x")).isInstanceOf(IllegalStateException.class);
  }

  @Property(tries = 500)
  void agreesWithContainsOnEverySet(@ForAll("texts") String text) {
    long present = SCANNER.scan(text);
    for (Phrases set : ALL) {
      boolean expected = set.phrases().stream().anyMatch(text::contains);
      assertThat(set.in(present)).as("%s in %s", set.phrases(), text).isEqualTo(expected);
    }
  }

  @Property(tries = 300)
  void agreesWithContainsOnTheRuleWording(@ForAll("texts") String text) {
    long present = FailureRules.WORDING.scan(text);
    for (Phrases set :
        List.of(
            FailureRules.ACCOUNT_WORDING,
            FailureRules.AUTH_WORDING,
            FailureRules.RATE_WORDING,
            FailureRules.SERVER_WORDING,
            FailureRules.CAP_WORDING,
            FailureRules.MODEL_WORD)) {
      boolean expected = set.phrases().stream().anyMatch(text::contains);
      assertThat(set.in(present)).isEqualTo(expected);
    }
  }

  @Property(tries = 200)
  void agreesWithContainsOnLongTextsScannedInQuarters(@ForAll("longTexts") String text) {
    long present = FailureRules.WORDING.scan(text);
    for (Phrases set :
        List.of(
            FailureRules.ACCOUNT_WORDING,
            FailureRules.AUTH_WORDING,
            FailureRules.RATE_WORDING,
            FailureRules.SERVER_WORDING,
            FailureRules.CAP_WORDING,
            FailureRules.MODEL_WORD)) {
      boolean expected = set.phrases().stream().anyMatch(text::contains);
      assertThat(set.in(present)).isEqualTo(expected);
    }
  }

  @Property(tries = 400)
  void scansAsIfLowerCasedFirst(@ForAll("mixedCaseTexts") String text) {
    assertThat(FailureRules.WORDING.scanLowerCased(text))
        .as(text)
        .isEqualTo(FailureRules.WORDING.scan(text.toLowerCase(Locale.ROOT)));
  }

  @Test
  void readsCapitalsAsSmallLettersAndCharsPastLatin1AsLowerCasingDoes() {
    long present = FailureRules.WORDING.scanLowerCased("Rate LIMIT Exceeded");
    assertThat(FailureRules.RATE_WORDING.in(present)).isTrue();
    assertThat(FailureRules.AUTH_WORDING.in(present)).isFalse();
    // U+212A KELVIN SIGN lower-cases to an ASCII k
    long kelvin = FailureRules.WORDING.scanLowerCased("Invalid API \u212Aey");
    assertThat(FailureRules.AUTH_WORDING.in(kelvin)).isTrue();
    assertThat(kelvin).isEqualTo(FailureRules.WORDING.scan("invalid api key"));
  }

  @Property(tries = 2000)
  void scansAsIfLowerCasedFirstWhateverCharsBelowTheWideOnesItHas(
      @ForAll("textsBelowWide") String text) {
    assertThat(FailureRules.WORDING.scanLowerCased(text))
        .as(text)
        .isEqualTo(FailureRules.WORDING.scan(text.toLowerCase(Locale.ROOT)));
  }

  // phrases in capitals, glued to any chars past ASCII and below the wide ones (where the walk
  // reads a char as no phrase's without lower-casing the text, or lower-cases it: U+0130, U+212A,
  // Cherokee capitals)
  @Provide
  Arbitrary<String> textsBelowWide() {
    return Arbitraries.oneOf(
            Arbitraries.of(
                "QUOTA EXCEEDED",
                "Invalid API ",
                "KEY",
                "EY",
                "\u212A",
                "Rate Limit",
                " ",
                "\u0130"),
            Arbitraries.chars()
                .range('\u0080', (char) (PhraseScanner.WIDE_FROM - 1))
                .map(String::valueOf),
            Arbitraries.chars().range('\u13A0', '\u13F5').map(String::valueOf))
        .list()
        .ofMaxSize(120)
        .map(l -> String.join("", l));
  }

  @Test
  void knowsWhichCharsBelowTheWideOnesLowerCaseOutOfTheirRange() {
    assertThat(PhraseScanner.lowersOutOfRange('\u0130')).isTrue();
    assertThat(PhraseScanner.lowersOutOfRange('\u212A')).isTrue();
    assertThat(PhraseScanner.lowersOutOfRange('\u13A0')).isTrue(); // Cherokee A, to U+AB70
    assertThat(PhraseScanner.lowersOutOfRange('\u2019')).isFalse();
    assertThat(PhraseScanner.lowersOutOfRange('\u00C9')).isFalse();
    assertThat(PhraseScanner.lowersOutOfRange('\u03A3')).isFalse();
    assertThat(PhraseScanner.lowersOutOfRange('A')).isFalse();
  }

  @Test
  void scansATextWithATypographicQuoteAsLowerCasingDoes() {
    String text =
        "You\u2019ve exceeded your current quota \u2014 check your plan and billing details";
    long present = FailureRules.WORDING.scanLowerCased(text);
    assertThat(FailureRules.ACCOUNT_WORDING.in(present)).isTrue();
    assertThat(present).isEqualTo(FailureRules.WORDING.scan(text.toLowerCase(Locale.ROOT)));
  }

  @Test
  void rejectsAPhraseWithALineFeed() {
    assertThatThrownBy(() -> PhraseScanner.builder().phrases("rate\nlimit"))
        .hasMessageContaining("expected: no line feed");
  }

  @Provide
  Arbitrary<String> mixedCaseTexts() {
    Arbitrary<String> pieces =
        Arbitraries.oneOf(
            Arbitraries.of(
                "Rate Limit",
                "QUOTA",
                "Exceeded Your Current Quota",
                "Model",
                "Server Error",
                "Invalid API Key",
                "Invalid API \u212Aey",
                "\u0130nvalid",
                "Bad Gateway",
                "Error code: 429",
                "Request ID",
                "LiteLLM.",
                "\u00c9",
                "\u00e9",
                "\uFF21",
                "\u2019",
                "\u201Cquota\u201D",
                "\u03A3",
                "QUOTA\u03A3 ",
                "\u1E9E",
                "\u0149",
                "余额不足",
                "并发数过高"),
            Arbitraries.strings()
                .withChars("AEIORSTaeiorst_ l.\u00c9")
                .ofMinLength(1)
                .ofMaxLength(60));
    return pieces.list().ofMaxSize(80).map(l -> String.join("", l));
  }

  @Test
  void findsAPhraseThatStraddlesAQuarterBoundary() {
    String phrase = "security token included in the request is invalid";
    for (int at = 400; at < 600; at++) {
      String text = "x".repeat(at) + phrase + "y".repeat(2000 - at);
      assertThat(FailureRules.AUTH_WORDING.in(FailureRules.WORDING.scan(text)))
          .as("at %d", at)
          .isTrue();
    }
  }

  @Provide
  Arbitrary<String> longTexts() {
    Arbitrary<String> pieces =
        Arbitraries.oneOf(
            Arbitraries.of(
                "rate limit",
                "quota",
                "exceeded your current quota",
                "model",
                "server error",
                "invalid api key",
                "bad gateway",
                "security token included in the request is invalid",
                "\u00e9",
                "余额不足",
                "欠费",
                "并发数过高"),
            Arbitraries.strings().withChars("aeiorst_ l").ofMinLength(20).ofMaxLength(120));
    return pieces.list().ofMinSize(20).ofMaxSize(60).map(l -> String.join("", l));
  }

  @Provide
  Arbitrary<String> texts() {
    Arbitrary<String> pieces =
        Arbitraries.oneOf(
            Arbitraries.of(
                "he",
                "she",
                "his",
                "hers",
                "rate",
                " limit",
                "_limit",
                "limit",
                "a",
                "ab",
                "aab",
                "quota",
                "exceeded your current quota",
                "model",
                "server error",
                "\u00e9",
                " ",
                "invalid api key",
                "bad gateway",
                "余额不足",
                "余额"),
            Arbitraries.strings().withChars("aehirst_ l\u00e9余额").ofMaxLength(4));
    return pieces.list().ofMaxSize(12).map(l -> String.join("", l));
  }
}
