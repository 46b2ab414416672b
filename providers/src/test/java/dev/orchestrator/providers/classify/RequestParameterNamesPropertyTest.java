package dev.orchestrator.providers.classify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * A request error names the parameter it refused, and every API has parameters of its own: "`top_k`
 * may only be set to 1 when thinking is enabled" means what "`frobnicate_level` may only be set to
 * 1 …" means. Every request error of the specification table ({@code errors/meaning-phrases.jsonl})
 * that names a parameter in quotes is read as a request error with the parameters renamed
 * (FailureWords.PARAMETER_NAMED; ADR 0030, twenty-third addendum).
 *
 * <p>A sentence that is a JSON document is left out: its quoted keys are the envelope's, not
 * parameters.
 */
class RequestParameterNamesPropertyTest {

  // a quoted identifier, as the rules read one (FailureWords.QUOTED_PARAMETER, before lower-casing)
  private static final Pattern QUOTED =
      Pattern.compile(
          "([`'\"\u2018\u201c\u00ab\u201e\u300c])([A-Za-z_][A-Za-z0-9_]*(?:(?:\\.|\\[\\d*\\]\\.?)[A-Za-z0-9_]+)*)"
              + "([`'\"\u2019\u201d\u00bb\u201c\u300d])");

  private static final List<String> ROWS =
      ErrorExamples.jsonLines("/errors/meaning-phrases.jsonl", "meaning", "lang", "phrase").stream()
          .filter(r -> r.get("meaning").asText().equals("request_invalid"))
          .map(r -> r.get("phrase").asText())
          .filter(p -> !p.startsWith("{") && QUOTED.matcher(p).find())
          .toList();

  // Parameter names no API here has, and no word of any meaning in any language the rules read
  // (a random string can spell one: "kota" is Turkish for quota). Not the key, a token or a
  // password, which the auth rows read.
  private static final List<String> NAMES =
      List.of(
          "frobnicate_level",
          "widget_mode",
          "zeta_val",
          "alpha_size",
          "beta",
          "dither_steps",
          "layout_hint",
          "gamma",
          "sample_bias",
          "top_n",
          "warp_factor",
          "glyph_set",
          "snap_grid",
          "echo_depth",
          "mix_ratio");

  @Provide
  Arbitrary<String> row() {
    return Arbitraries.of(ROWS);
  }

  @Provide
  Arbitrary<List<String>> names() {
    return Arbitraries.of(NAMES).list().ofMinSize(1).ofMaxSize(3);
  }

  @Property(tries = 1000)
  void aRequestErrorMeansTheSameWhicheverParameterItNames(
      @ForAll("row") String phrase, @ForAll("names") List<String> names) {
    String renamed = rename(phrase, names);
    FailureEvidence message = FailureEvidence.message(renamed);

    assertThat(FailureClassifier.INSTANCE.explainStrict(message).failure().category().wireName())
        .as(renamed)
        .isEqualTo("request_invalid");
  }

  @Example
  void theTableHasSentencesThatNameParameters() {
    assertThat(ROWS).hasSizeGreaterThan(100);
  }

  // each distinct quoted identifier becomes one of the names, in turn
  private static String rename(String phrase, List<String> names) {
    Map<String, String> renamed = new LinkedHashMap<>();
    Matcher m = QUOTED.matcher(phrase);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String name =
          renamed.computeIfAbsent(m.group(2), k -> names.get(renamed.size() % names.size()));
      m.appendReplacement(out, Matcher.quoteReplacement(m.group(1) + name + m.group(3)));
    }
    m.appendTail(out);
    return out.toString();
  }
}
