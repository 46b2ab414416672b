package dev.orchestrator.serve.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.chat.ProviderPreferences;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ProviderFieldTest {
  private static ProviderPreferences parse(String provider) {
    return ProviderField.parse(
        JsonFields.body(("{\"provider\":" + provider + "}").getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void readsEveryHonouredField() {
    ProviderPreferences p =
        parse(
            "{\"order\":[\"Groq\",\"nvidia\"],\"only\":[\"groq\",\"nvidia\",\"acme\"],"
                + "\"ignore\":[\"slow\"],\"allow_fallbacks\":false,\"sort\":\"throughput\","
                + "\"max_price\":{\"prompt\":1,\"completion\":\"2.5\"},"
                + "\"require_parameters\":true,\"zdr\":null}");
    assertThat(p.order()).containsExactly("groq", "nvidia");
    assertThat(p.only()).containsExactly("groq", "nvidia", "acme");
    assertThat(p.ignore()).containsExactly("slow");
    assertThat(p.allowFallbacks()).isFalse();
    assertThat(p.sort()).isEqualTo(ProviderPreferences.Sort.THROUGHPUT);
    assertThat(p.maxPromptPerMtok()).isEqualByComparingTo(BigDecimal.ONE);
    assertThat(p.maxCompletionPerMtok()).isEqualByComparingTo(new BigDecimal("2.5"));
    assertThat(p.requireParameters()).isTrue();
    assertThat(parse("{\"sort\":{\"by\":\"latency\"}}").sort())
        .isEqualTo(ProviderPreferences.Sort.LATENCY);
    assertThat(parse("null")).isEqualTo(ProviderPreferences.NONE);
    assertThat(parse("{}").order()).isEqualTo(List.of());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      textBlock =
          """
          zdr                | `{"zdr":true}`                         | provider.zdr                | provider.zdr: cannot be honoured
          quantizations      | `{"quantizations":["int4"]}`           | provider.quantizations      | provider.quantizations: cannot be honoured
          per-request price  | `{"max_price":{"request":0.01}}`       | provider.max_price.request  | provider.max_price.request: cannot be honoured
          unknown field      | `{"speed":"fast"}`                     | provider.speed              | provider.speed: unknown field
          sort unknown       | `{"sort":"vibes"}`                     | provider.sort               | provider.sort: 'vibes' (expected: price, throughput or latency)
          sort partition     | `{"sort":{"by":"price","partition":"model"}}` | provider.sort.partition | provider.sort.partition: unknown field
          order not array    | `{"order":"groq"}`                     | provider.order              | provider.order: 'groq' (expected: an array of provider ids)
          order blank        | `{"order":[" "]}`                      | provider.order[0]           | provider.order[0]: blank
          negative price     | `{"max_price":{"prompt":-1}}`          | provider.max_price.prompt   | provider.max_price.prompt: -1 (expected: >= 0)
          not an object      | `["groq"]`                             | provider                    | provider:
          """)
  void aFieldThatCannotBeHonouredOrIsMalformedIs400NamingIt(
      String why, String provider, String param, String message) {
    assertThatThrownBy(() -> parse(provider))
        .as(why)
        .isInstanceOfSatisfying(
            ApiError.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.error().path("param").asText()).isEqualTo(param);
              assertThat(e.error().path("message").asText()).startsWith(message);
            });
  }
}
