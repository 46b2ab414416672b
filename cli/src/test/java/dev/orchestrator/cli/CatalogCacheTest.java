package dev.orchestrator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code catalog refresh --source} writes the cache that {@code catalog list --source} falls back
 * on.
 */
class CatalogCacheTest {
  private static final String SOURCE =
      """
      providers:
        acme: {baseUrl: "https://api.acme.test/v1", apiKeyEnv: [ACME_API_KEY]}
      routes:
        "acme/fast-1": {tier: free, contextWindow: 8000}
      """;

  @TempDir Path dir;

  @Test
  void refreshKeepsTheSourceAndListUsesTheCopyWhenTheSourceIsGone() throws Exception {
    Path source = dir.resolve("source.yaml");
    Files.writeString(source, SOURCE);
    Path cache = dir.resolve("cache");

    CliRun refresh =
        CliRun.of(
            "catalog",
            "refresh",
            "--source",
            source.toString(),
            "--cache-dir",
            cache.toString(),
            "--json");
    assertThat(refresh.code).isEqualTo(OrchestratorCli.EXIT_OK);
    Path kept = Path.of(refresh.json().path("cachedAs").asText());
    assertThat(kept).startsWith(cache).exists();

    Files.delete(source);
    CliRun list =
        CliRun.of(
            "catalog",
            "list",
            "--source",
            source.toString(),
            "--cache-dir",
            cache.toString(),
            "--json");

    assertThat(list.code).isEqualTo(OrchestratorCli.EXIT_OK);
    JsonNode doc = list.json();
    assertThat(doc.path("routes").findValuesAsText("route")).contains("acme/fast-1");
    assertThat(doc.at("/liveSources/0/source").asText()).isEqualTo(source.toString());
    assertThat(doc.at("/liveSources/0/ageSeconds").asLong()).isGreaterThanOrEqualTo(0);
    assertThat(doc.at("/liveSources/0/fetchedAt").asText()).isNotEmpty();
  }

  @Test
  void listWithASourceThatWasNeverFetchedIsAnInputError() {
    Path source = dir.resolve("never.yaml");
    CliRun list =
        CliRun.of("catalog", "list", "--source", source.toString(), "--cache-dir", dir.toString());

    assertThat(list.code).isEqualTo(OrchestratorCli.EXIT_INPUT);
    assertThat(list.err).contains(source + ": no such file");
  }
}
