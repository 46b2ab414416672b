package dev.orchestrator.engine.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A provider printed (a log line, an exception's message, a debugger's watch) names its headers but
 * never their values: a configured header may be a gateway's credential.
 */
class ProviderToStringTest {
  @Test
  void namesItsHeadersWithoutTheirValues() {
    Provider p =
        new Provider(
            "gw",
            "Gateway",
            "https://gw.test/v1",
            Protocol.OPENAI_CHAT,
            List.of("GW_KEY"),
            Map.of("x-portkey-api-key", "pk-Secret123", "helicone-auth", "Bearer hl-Secret456"));

    assertThat(p.toString())
        .contains("x-portkey-api-key", "helicone-auth", "https://gw.test/v1", "GW_KEY")
        .doesNotContain("Secret123", "Secret456");
  }
}
