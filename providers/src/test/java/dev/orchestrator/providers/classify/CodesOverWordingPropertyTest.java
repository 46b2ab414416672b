package dev.orchestrator.providers.classify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Where the provider gave a code that names a settled category, no rule decides from its text: the
 * same code with any misleading wording (quota, cap, auth, permission, context, content, overload,
 * rate-limit, timeout, connection, server and model-gone phrases, in both languages) gets the same
 * rule and category as with neutral wording, on any status and in-band.
 */
class CodesOverWordingPropertyTest {

  // rules that read nothing but text
  private static final Set<String> TEXT_ONLY_RULES =
      Set.of(
          "account.wording",
          "account.cap_wording",
          "auth.wording",
          "auth.permission_wording",
          "transient.overloaded",
          "in_band.overloaded",
          "in_band.rate_limited",
          "in_band.timeout",
          "in_band.connection",
          "in_band.server_error",
          "in_band.short_reset",
          "in_band.connect_failed",
          "in_band.empty",
          "in_band.server_envelope",
          "in_band.context_words",
          "in_band.model_words",
          "in_band.permission_words",
          "in_band.content_words",
          "in_band.rate_words",
          "in_band.load_words",
          "in_band.network_words",
          "in_band.empty_words",
          "in_band.size_words",
          "in_band.server_words",
          "in_band.request_words",
          "transient.server_words",
          "transient.rate_words",
          "transient.timeout_words",
          "transient.upstream_failed_4xx",
          "request.server_refusal_words");

  private static final ObjectMapper JSON = new ObjectMapper();

  @Property(tries = 800)
  void noTextRuleDecidesWhereTheProviderGaveACategoryCode(
      @ForAll("categoryCodes") String code,
      @ForAll("statuses") Integer status,
      @ForAll("misleadingWording") String wording) {
    Classification neutral = classify(status, code, "see the error code");
    Classification worded = classify(status, code, wording);

    assertThat(worded.rule())
        .as("%s on %s saying %s", code, status, wording)
        .isEqualTo(neutral.rule());
    assertThat(worded.failure().category()).isEqualTo(neutral.failure().category());
    assertThat(TEXT_ONLY_RULES).doesNotContain(worded.rule());
  }

  private static Classification classify(Integer status, String code, String message) {
    ObjectNode error = JSON.createObjectNode().put("code", code).put("message", message);
    String body = JSON.createObjectNode().set("error", error).toString();
    FailureEvidence e =
        status == null
            ? FailureEvidence.inBand(body, false)
            : FailureEvidence.http(status, Map.of(), body);
    return FailureClassifier.INSTANCE.explainStrict(e);
  }

  @Provide
  Arbitrary<String> categoryCodes() {
    return Arbitraries.of(List.copyOf(FailureWords.CATEGORY_CODES));
  }

  @Provide
  Arbitrary<Integer> statuses() {
    return Arbitraries.of(200, 400, 401, 402, 403, 404, 408, 413, 422, 429, 500, 503, 504, 529)
        .injectNull(0.15);
  }

  @Provide
  Arbitrary<String> misleadingWording() {
    List<String> phrases = new ArrayList<>();
    for (List<String> set :
        List.of(
            FailureWords.ACCOUNT_WORDING,
            FailureWords.CAP_WORDING,
            FailureWords.AUTH_WORDING,
            FailureWords.PERMISSION_WORDING,
            FailureWords.CONTEXT_WORDING,
            FailureWords.CONTENT_WORDING,
            FailureWords.OVERLOADED_WORDING,
            FailureWords.RATE_WORDING,
            CauseWords.TIMEOUT_WORDING,
            CauseWords.CONNECTION_WORDING,
            CauseWords.SERVER_WORDING)) {
      phrases.addAll(set);
    }
    phrases.add("the model `gpt-x` does not exist");
    return Arbitraries.of(phrases).list().ofMinSize(1).ofMaxSize(4).map(l -> String.join("; ", l));
  }
}
