package dev.orchestrator.providers.classify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The SDK-class search (tried only where a vendor name ends just before a dot) finds exactly what
 * the plain loop over its pattern finds: at most five classes, in order.
 */
class SdkClassSearchTest {

  // UpstreamError's SDK_CLASS, frozen here as the reference
  private static final Pattern SDK_CLASS =
      Pattern.compile("(?i)\\b(?:litellm|openai|anthropic)\\.(?:exceptions\\.)?([a-z]{3,60})\\b");

  @Property(tries = 5000)
  void findsWhatThePatternFinds(@ForAll("texts") String text) {
    assertThat(UpstreamError.read(text, false, null, null).tokens())
        .isEqualTo(referenceTokens(text));
  }

  // "while (SDK_CLASS.find() && found++ < 4) token(group(1))", as the search was first written
  private static List<String> referenceTokens(String text) {
    List<String> tokens = new ArrayList<>();
    Matcher m = SDK_CLASS.matcher(text);
    int found = 0;
    while (m.find() && found++ < 4) {
      String t = m.group(1).toLowerCase(Locale.ROOT);
      if (!tokens.contains(t)) {
        tokens.add(t);
      }
    }
    return tokens;
  }

  // Text without quotes or '<' (so no other clue adds a token), full of vendors, dots and
  // look-alikes: other cases, a dotted capital I, version numbers, words glued before a vendor,
  // a Latin-1 letter and a combining mark next to a vendor or a class (where the pattern's \b
  // decides), digits glued to a class, letter runs longer than 60.
  @Provide
  Arbitrary<String> texts() {
    return Arbitraries.of(
            "openai.",
            "OpenAI.",
            "litellm.",
            "LiteLLM.",
            "anthropic.",
            "ANTHROPIC.",
            "exceptions.",
            "RateLimitError",
            "BadRequestError",
            "com",
            "ab",
            ".",
            " ",
            ": ",
            "1.3",
            "x",
            "_",
            "\u0130",
            "\u00e9",
            "\u0301",
            "9",
            "EXCEPTIONS.",
            "exceptions.x1",
            "opena\u0130.",
            "anthropi\u212A.",
            "m.",
            "i.",
            "c.")
        .list()
        .ofMaxSize(24)
        .map(l -> String.join("", l));
  }
}
