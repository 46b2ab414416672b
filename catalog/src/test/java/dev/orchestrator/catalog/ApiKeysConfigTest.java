package dev.orchestrator.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.catalog.ApiKey;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.DeclaredLimits;
import dev.orchestrator.engine.catalog.Provider;
import java.time.LocalTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code apiKeys:} and {@code limits:} of a provider in the own configuration (ADR 0033). */
class ApiKeysConfigTest {
  private static Provider provider(String yaml) {
    return CatalogLoader.parse("keys.yaml", yaml).provider("groq").orElseThrow();
  }

  private static void fails(String yaml, String where, String what) {
    assertThatThrownBy(() -> CatalogLoader.parse("keys.yaml", yaml))
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining(where)
        .hasMessageContaining(what);
  }

  @Test
  void readsSeveralKeysWithNamesWeightsAndLimits() {
    Provider p =
        provider(
            """
            providers:
              groq:
                baseUrl: https://api.groq.test/openai/v1
                apiKeys:
                  - {env: GROQ_KEY_TEAM, name: team, weight: 3}
                  - env: [GROQ_KEY_SPARE, GROQ_KEY_OLD]
                    limits: {requestsPerMinute: 30}
                limits: {requestsPerDay: 50, resetsAt: "07:30Z"}
            """);
    assertThat(p.keys())
        .containsExactly(
            new ApiKey("team", List.of("GROQ_KEY_TEAM"), 3, null),
            new ApiKey(
                "GROQ_KEY_SPARE",
                List.of("GROQ_KEY_SPARE", "GROQ_KEY_OLD"),
                1,
                new DeclaredLimits(null, 30, null)));
    assertThat(p.apiKeyEnv()).containsExactly("GROQ_KEY_TEAM", "GROQ_KEY_SPARE", "GROQ_KEY_OLD");
    assertThat(p.limits()).isEqualTo(new DeclaredLimits(50, null, LocalTime.of(7, 30)));
    assertThat(p.limitsOf(p.keys().get(0))).isEqualTo(p.limits());
    assertThat(p.limitsOf(p.keys().get(1)).requestsPerMinute()).isEqualTo(30);
  }

  @Test
  void severalKeysLaidOnTheDefaultCatalogReplaceItsOneKey() {
    Catalog c =
        CatalogLoader.parseAll(
            List.of(
                new CatalogLoader.Text(
                    "keys.yaml",
                    """
                    extends: default
                    providers:
                      openrouter:
                        apiKeys:
                          - {env: OPENROUTER_KEY_WORK, name: work, weight: 2}
                          - {env: OPENROUTER_KEY_HOME, name: home}
                        limits: {requestsPerDay: 50, resetsAt: "00:00Z"}
                    """)),
            true);
    Provider p = c.provider("openrouter").orElseThrow();
    assertThat(p.keyNames()).containsExactly("work", "home");
    assertThat(p.apiKeyEnv()).containsExactly("OPENROUTER_KEY_WORK", "OPENROUTER_KEY_HOME");
    assertThat(p.limits().requestsPerDay()).isEqualTo(50);
  }

  @Test
  void theSingleKeyFormIsOneKeyNamedByItsFirstVariable() {
    Provider p =
        provider(
            """
            providers:
              groq: {baseUrl: "https://api.groq.test/v1", apiKeyEnv: [GROQ_API_KEY, GROQ_KEY]}
            """);
    assertThat(p.apiKeys()).isEmpty();
    assertThat(p.keys())
        .containsExactly(new ApiKey("GROQ_API_KEY", List.of("GROQ_API_KEY", "GROQ_KEY"), 1, null));
  }

  @Test
  void malformedKeysNameFileLineAndField() {
    fails(
        """
        providers:
          groq:
            apiKeys:
              - {env: "sk-live-0123456789"}
        """,
        "keys.yaml:4",
        "providers.groq.apiKeys[0].env: not an environment variable name");
    fails(
        """
        providers:
          groq:
            apiKeys:
              - {env: A_KEY, name: a}
              - {env: B_KEY, name: a}
        """,
        "keys.yaml:5",
        "apiKeys[1].name: key name 'a' is used twice");
    fails(
        """
        providers:
          groq:
            apiKeys:
              - {name: a}
        """,
        "keys.yaml:4",
        "apiKeys[0]: no env");
    fails(
        """
        providers:
          groq:
            apiKeys:
              - {env: A_KEY, weight: 0}
        """,
        "keys.yaml:4",
        "apiKeys[0].weight: 0 is out of range");
    fails(
        """
        providers:
          groq:
            apiKeyEnv: A_KEY
            apiKeys: [{env: B_KEY}]
        """,
        "keys.yaml:4",
        "providers.groq.apiKeys: given with apiKeyEnv");
    fails(
        """
        providers:
          groq:
            apiKeys: [{env: B_KEY, secret: x}]
        """,
        "keys.yaml:3",
        "unknown key 'secret'");
  }

  @Test
  void malformedLimitsNameFileLineAndField() {
    fails(
        """
        providers:
          groq:
            limits: {requestsPerDay: 50, resetsAt: "midnight"}
        """,
        "keys.yaml:3",
        "providers.groq.limits.resetsAt: \"midnight\" is not a UTC time of day");
    fails(
        """
        providers:
          groq:
            limits: {requestsPerDay: -1}
        """,
        "keys.yaml:3",
        "limits.requestsPerDay: -1 is out of range");
    fails(
        """
        providers:
          groq:
            limits: {resetsAt: "00:00Z"}
        """,
        "keys.yaml:3",
        "limits: no limit");
  }
}
