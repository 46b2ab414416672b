package dev.orchestrator.engine.spi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A blank value counts as unset, however the credentials are given (as an empty variable). */
class CredentialsTest {
  private static final Provider ACME =
      Provider.of(
          "acme", "https://acme.test/v1", Protocol.OPENAI_CHAT, List.of("ACME_KEY", "ACME_KEY_2"));

  @Test
  void aBlankValueOfAMapIsUnsetAndTheNextVariableIsRead() {
    Credentials c = Credentials.of(Map.of("ACME_KEY", " \t", "ACME_KEY_2", "k2"));

    assertThat(c.lookup("ACME_KEY")).isEmpty();
    assertThat(c.keyFor(ACME)).contains("k2");
  }

  @Test
  void aProviderWhoseOnlyValuesAreBlankIsNotConfigured() {
    assertThat(Credentials.of(Map.of("ACME_KEY", "", "ACME_KEY_2", "  ")).configured(ACME))
        .isFalse();
    assertThat(Credentials.from(name -> " ").configured(ACME)).isFalse();
    assertThat(Credentials.constant("").configured(ACME)).isFalse();
    assertThat(Credentials.of(Map.of("ACME_KEY", "k")).configured(ACME)).isTrue();
  }
}
