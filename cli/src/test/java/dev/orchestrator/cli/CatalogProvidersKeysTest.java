package dev.orchestrator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code catalog providers} counts a provider's keys and says which are set, by name, never by
 * value (docs/design.md §5). {@code PATH} stands in for a set variable: every environment has it.
 */
class CatalogProvidersKeysTest {
  @TempDir Path dir;

  @Test
  void countsKeysPerProviderByName() throws Exception {
    Path p = dir.resolve("keys.yaml");
    CliRun.write(
        p,
        "providers:",
        "  groq:",
        "    baseUrl: 'http://127.0.0.1:9/v1'",
        "    apiKeys:",
        "      - {env: PATH, name: team-a, weight: 2}",
        "      - {env: ORCH_TEST_UNSET_SPARE}",
        "    limits: {requestsPerDay: 50}",
        "routes:",
        "  groq/m: {tier: free, contextWindow: 1000}",
        "");
    CliRun r = CliRun.of("catalog", "providers", "--catalog", p.toString());
    assertThat(r.out)
        .contains(
            "1 of 2 keys set: team-a (PATH) set, ORCH_TEST_UNSET_SPARE (ORCH_TEST_UNSET_SPARE)"
                + " unset")
        .doesNotContain(System.getenv("PATH"));
    JsonNode groq =
        CliRun.of("catalog", "providers", "--catalog", p.toString(), "--json")
            .json()
            .get("providers")
            .get(0);
    assertThat(groq.get("keyCount").asInt()).isEqualTo(2);
    assertThat(groq.get("keysSet").asInt()).isEqualTo(1);
    assertThat(groq.get("configured").asBoolean()).isTrue();
    assertThat(groq.get("keys"))
        .extracting(k -> k.get("name").asText() + " " + k.get("weight") + " " + k.get("set"))
        .containsExactly("team-a 2 true", "ORCH_TEST_UNSET_SPARE 1 false");
    assertThat(groq.toString()).doesNotContain(System.getenv("PATH"));
  }
}
