package dev.orchestrator.providers.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.providers.classify.PhraseScanner.Phrases;
import java.util.List;
import java.util.Locale;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The rule wording's scan of texts long enough for the four side-by-side walks (from five phrase
 * lengths, about 250 chars, on): every set agrees with {@code String.contains} per phrase, wherever
 * the phrase falls against the walks' stretches, and {@code scanLowerCased} with {@code scan} of
 * the lower-cased text.
 */
class PhraseScannerLanesTest {

  private static final List<Phrases> RULE_SETS =
      List.of(
          FailureRules.ACCOUNT_WORDING,
          FailureRules.CAP_WORDING,
          FailureRules.AUTH_WORDING,
          FailureRules.PERMISSION_WORDING,
          FailureRules.CONTEXT_WORDING,
          FailureRules.CONTENT_WORDING,
          FailureRules.OVERLOADED_WORDING,
          FailureRules.RATE_WORDING,
          FailureRules.TIMEOUT_WORDING,
          FailureRules.CONNECTION_WORDING,
          FailureRules.SERVER_WORDING,
          FailureRules.MODEL_WORD,
          FailureRules.SDK_VENDOR_DOT,
          FailureRules.SDK_ERROR_CODE,
          FailureRules.REQUEST_ID_WORDS,
          FailureRules.HTML_TITLE_TAG);

  // the longest phrase of the rule wording, and a short one
  private static final String LONGEST = "security token included in the request is invalid";
  private static final String SHORT = "model";

  @Test
  void theLongestPhraseIsTheOneTheTestsPlaceEverywhere() {
    int longest = 0;
    for (Phrases set : RULE_SETS) {
      for (String p : set.phrases()) {
        longest = Math.max(longest, p.length());
      }
    }
    assertThat(longest).isEqualTo(LONGEST.length());
  }

  @Test
  void findsAPhraseAtEveryOffsetOfTextsOfManyLengths() {
    // lengths around the single walk's limit (5 * 49 + 4), around odd lane splits, and long ones
    int[] lengths = {240, 248, 249, 250, 251, 252, 253, 400, 831, 832, 833, 834, 1934, 2077};
    for (int n : lengths) {
      for (String phrase : List.of(LONGEST, SHORT)) {
        for (int at = 0; at + phrase.length() <= n; at++) {
          String text = "x".repeat(at) + phrase + "y".repeat(n - at - phrase.length());
          assertThat(FailureRules.WORDING.scan(text))
              .as("%s at %d of %d", phrase, at, n)
              .isEqualTo(expected(text));
          String capitals = text.toUpperCase(Locale.ROOT);
          assertThat(FailureRules.WORDING.scanLowerCased(capitals))
              .as("%s at %d of %d, in capitals", phrase, at, n)
              .isEqualTo(expected(text));
        }
      }
    }
  }

  @Test
  void splitsTextsIntoLanesWhenTheLongestPhraseIsOneChar() {
    PhraseScanner.Builder b = PhraseScanner.builder();
    Phrases a = b.phrases("a");
    Phrases z = b.phrases("z");
    PhraseScanner scanner = b.build();
    for (int n = 1; n <= 40; n++) {
      for (int at = 0; at < n; at++) {
        String text = "y".repeat(at) + "a" + "y".repeat(n - at - 1);
        long present = scanner.scan(text);
        assertThat(a.in(present)).as("a at %d of %d", at, n).isTrue();
        assertThat(z.in(present)).as("z in %s", text).isFalse();
        assertThat(scanner.scanLowerCased(text.toUpperCase(Locale.ROOT))).isEqualTo(present);
      }
    }
  }

  @Test
  void findsNothingInALongTextWithoutPhrases() {
    assertThat(FailureRules.WORDING.scan("x".repeat(2000))).isZero();
    assertThat(FailureRules.WORDING.scanLowerCased("\u00ff".repeat(2000))).isZero();
  }

  @Property(tries = 300)
  void agreesWithContainsWhereverAPhraseFalls(@ForAll("placed") String text) {
    assertThat(FailureRules.WORDING.scan(text)).as(text).isEqualTo(expected(text));
    String lower = text.toLowerCase(Locale.ROOT);
    assertThat(FailureRules.WORDING.scanLowerCased(text)).as(text).isEqualTo(expected(lower));
  }

  @Property(tries = 300)
  void agreesWithContainsOnLongMixedTexts(@ForAll("longMixedTexts") String text) {
    assertThat(FailureRules.WORDING.scan(text)).as(text).isEqualTo(expected(text));
    String lower = text.toLowerCase(Locale.ROOT);
    assertThat(FailureRules.WORDING.scanLowerCased(text)).as(text).isEqualTo(expected(lower));
  }

  // The bits of the rule sets with a phrase that text contains.
  private static long expected(String text) {
    return PhraseScanner.containing(text, RULE_SETS.toArray(Phrases[]::new));
  }

  private static final List<String> PLACED =
      List.of(
          LONGEST,
          "Security Token Included In The Request Is Invalid",
          SHORT,
          "MODEL",
          "rate limit",
          "Rate_Limit",
          "<title",
          "(tpd)",
          "\u0130nvalid api key",
          "invalid api \u212Aey",
          "余额不足",
          "并发数过高");

  // Filler of 200 to 2,100 chars with one phrase placed anywhere in it, the very end included.
  @Provide
  Arbitrary<String> placed() {
    Arbitrary<String> filler =
        Arbitraries.strings()
            .withChars("xyz Q_-\u00e9\u00c0\u00b5\u00ff")
            .ofMinLength(200)
            .ofMaxLength(2100);
    Arbitrary<String> phrase = Arbitraries.of(PLACED);
    return Combinators.combine(filler, phrase, Arbitraries.doubles().between(0, 1))
        .as(
            (f, p, where) -> {
              int at = (int) Math.round(where * f.length());
              return f.substring(0, at) + p + f.substring(at);
            });
  }

  // Phrases, their near misses and filler, with capitals, Latin-1 chars and chars past Latin-1
  // (some of which lower-case into ASCII), mostly long enough for the side-by-side walks.
  @Provide
  Arbitrary<String> longMixedTexts() {
    Arbitrary<String> pieces =
        Arbitraries.oneOf(
            Arbitraries.of(
                "Rate Limit",
                "rate limi",
                "QUOTA EXCEEDED",
                "exceeded your current quota",
                "Model",
                "server erro",
                "Internal Server Error",
                "Invalid API Key",
                "Invalid API \u212Aey",
                "\u0130nvalid api key",
                "Security token included in the request is invali",
                "security token included in the request is invalid",
                "Connection Reset",
                "Request ID",
                "LiteLLM.",
                "<TITLE>",
                "\u00e9",
                "\u00c0",
                "\u00b5",
                "\u00ff",
                "\uFF21",
                "余额不足",
                "欠费",
                "并发数过高",
                "token 已过期"),
            Arbitraries.strings()
                .withChars("AEIORSTaeiorst_ l.\u00c9\u00e0")
                .ofMinLength(1)
                .ofMaxLength(120));
    return pieces.list().ofMinSize(5).ofMaxSize(80).map(l -> String.join("", l));
  }
}
