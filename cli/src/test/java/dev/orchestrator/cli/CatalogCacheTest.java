package dev.orchestrator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
    // one line on the command's stderr, as the catalog's own warnings; not java.util.logging's two
    assertThat(list.err)
        .isEqualTo(
            "warning: catalog refresh failed after 1 attempt(s), keeping the last good catalog: "
                + source
                + ": no such file\n");
    JsonNode doc = list.json();
    assertThat(doc.path("routes").findValuesAsText("route")).contains("acme/fast-1");
    assertThat(doc.at("/liveSources/0/source").asText()).isEqualTo(source.toString());
    assertThat(doc.at("/liveSources/0/ageSeconds").asLong()).isGreaterThanOrEqualTo(0);
    assertThat(doc.at("/liveSources/0/fetchedAt").asText()).isNotEmpty();
  }

  @Test
  void aSourcesWarningsAreWarningLinesAsACatalogFilesAre() throws Exception {
    Path config = dir.resolve("deny.yaml");
    Files.writeString(config, SOURCE + "deny: [\"acme/fast-2\"]\n");
    String cache = dir.resolve("cache").toString();
    String warning =
        "warning: "
            + config
            + ":5:8: deny[0]: 'acme/fast-2' matches no route of this catalog (did you mean"
            + " 'acme/fast-1'?); it denies nothing until a route it matches is added\n";

    CliRun file = CliRun.of("catalog", "list", "--catalog", config.toString(), "--json");
    CliRun refresh =
        CliRun.of(
            "catalog", "refresh", "--source", config.toString(), "--cache-dir", cache, "--json");
    CliRun list =
        CliRun.of("catalog", "list", "--source", config.toString(), "--cache-dir", cache, "--json");

    assertThat(file.err).isEqualTo(warning);
    assertThat(refresh.code).isEqualTo(OrchestratorCli.EXIT_OK);
    assertThat(refresh.err).isEqualTo(warning);
    assertThat(list.code).isEqualTo(OrchestratorCli.EXIT_OK);
    assertThat(list.err).isEqualTo(warning);
  }

  @Test
  void aSourceIsLaidOverTheCatalogFilesAndMayNameTheProvidersTheyDefine() throws Exception {
    Path providers = dir.resolve("providers.yaml");
    Files.writeString(providers, SOURCE);
    Path layer = dir.resolve("layer.yaml");
    Files.writeString(
        layer,
        "routes:\n  \"acme/new-1\": {tier: free, contextWindow: 32768}\n"
            + "pools:\n  live: {kind: virtual, routes: [\"acme/new-1\", \"acme/fast-1\"]}\n");
    String cache = dir.resolve("cache").toString();
    String[] files = {"--catalog", providers.toString(), "--source", layer.toString()};

    CliRun refresh = CliRun.of(concat("catalog", "refresh", files, "--cache-dir", cache, "--json"));
    CliRun list = CliRun.of(concat("catalog", "list", files, "--cache-dir", cache, "--json"));
    CliRun alone =
        CliRun.of("catalog", "refresh", "--source", layer.toString(), "--cache-dir", cache);

    assertThat(refresh.code).as(refresh.err).isEqualTo(OrchestratorCli.EXIT_OK);
    assertThat(refresh.json().path("routes").asInt()).isEqualTo(2);
    assertThat(list.code).as(list.err).isEqualTo(OrchestratorCli.EXIT_OK);
    assertThat(list.json().path("routes").findValuesAsText("route"))
        .containsExactlyInAnyOrder("acme/fast-1", "acme/new-1");
    assertThat(list.json().at("/pools/live/routes").toString()).contains("acme/new-1");
    // over the embedded catalog alone, the provider is nowhere: the source's own error, at its line
    assertThat(alone.code).isEqualTo(OrchestratorCli.EXIT_INPUT);
    assertThat(alone.err).contains(layer + ":2:").contains("acme");
  }

  private static String[] concat(String a, String b, String[] files, String... rest) {
    List<String> all = new java.util.ArrayList<>(List.of(a, b));
    all.addAll(List.of(files));
    all.addAll(List.of(rest));
    return all.toArray(String[]::new);
  }

  /** Serves {@link #SOURCE} on 127.0.0.1 until closed. */
  private static HttpServer serve() throws Exception {
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        x -> {
          byte[] body = SOURCE.getBytes(StandardCharsets.UTF_8);
          x.sendResponseHeaders(200, body.length);
          x.getResponseBody().write(body);
          x.close();
        });
    server.start();
    return server;
  }

  private static String readCache(Path cache) throws Exception {
    try (var files = Files.list(cache.resolve("catalog"))) {
      List<Path> all = files.toList();
      assertThat(all).hasSize(1);
      return Files.readString(all.get(0));
    }
  }

  @Test
  void theCacheKeepsASourceUrlWithoutItsCredentialsAndStillServesTheCopy() throws Exception {
    Path cache = dir.resolve("cache");
    HttpServer server = serve();
    int port = server.getAddress().getPort();
    String url = "http://fleet:Pa55w0rd@127.0.0.1:" + port + "/catalog.yaml?token=s3cr3t-t0ken&v=2";
    try {
      CliRun refresh =
          CliRun.of(
              "catalog", "refresh", "--source", url, "--cache-dir", cache.toString(), "--json");
      assertThat(refresh.code).as(refresh.err).isEqualTo(OrchestratorCli.EXIT_OK);
    } finally {
      server.stop(0);
    }

    String kept = readCache(cache);
    assertThat(kept).doesNotContain("Pa55w0rd", "s3cr3t-t0ken", "fleet:");
    assertThat(Json.MAPPER.readTree(kept).path("source").asText())
        .isEqualTo("http://****@127.0.0.1:" + port + "/catalog.yaml?token=****&v=****");

    // The source is gone: the copy is used, found by the URL as given.
    CliRun list =
        CliRun.of("catalog", "list", "--source", url, "--cache-dir", cache.toString(), "--json");
    assertThat(list.code).as(list.err).isEqualTo(OrchestratorCli.EXIT_OK);
    assertThat(list.json().path("routes").findValuesAsText("route")).contains("acme/fast-1");
  }

  @Test
  void aCopyWrittenWithTheSourceAsGivenStillLoads() throws Exception {
    // The first format kept the source URL as given, credentials included.
    Path cache = dir.resolve("cache");
    HttpServer server = serve();
    String url =
        "http://fleet:Pa55w0rd@127.0.0.1:"
            + server.getAddress().getPort()
            + "/catalog.yaml?token=s3cr3t-t0ken";
    try {
      assertThat(
              CliRun.of("catalog", "refresh", "--source", url, "--cache-dir", cache.toString())
                  .code)
          .isEqualTo(OrchestratorCli.EXIT_OK);
    } finally {
      server.stop(0);
    }
    Path file;
    try (var files = Files.list(cache.resolve("catalog"))) {
      file = files.toList().get(0);
    }
    ObjectNode old = (ObjectNode) Json.MAPPER.readTree(file.toFile());
    old.put("source", url);
    Files.writeString(file, Json.MAPPER.writeValueAsString(old));

    CliRun list =
        CliRun.of("catalog", "list", "--source", url, "--cache-dir", cache.toString(), "--json");

    assertThat(list.code).as(list.err).isEqualTo(OrchestratorCli.EXIT_OK);
    assertThat(list.json().path("routes").findValuesAsText("route")).contains("acme/fast-1");
  }

  @Test
  void listWithASourceThatWasNeverFetchedIsAnInputError() {
    Path source = dir.resolve("never.yaml");
    CliRun list =
        CliRun.of("catalog", "list", "--source", source.toString(), "--cache-dir", dir.toString());

    assertThat(list.code).isEqualTo(OrchestratorCli.EXIT_INPUT);
    assertThat(list.err)
        .isEqualTo(
            "error: "
                + source
                + ": no such file (after 1 attempt(s); no cached copy under "
                + dir
                + ")\n");
  }

  @Test
  void aSourceThatDoesNotLoadIsReportedAtItsLineAndField() throws Exception {
    Path source = dir.resolve("bad.yaml");
    Files.writeString(source, "routes:\n  \"acme/fast-1\": {contextWindow: x}\n");

    CliRun list =
        CliRun.of(
            "catalog",
            "list",
            "--source",
            source.toString(),
            "--cache-dir",
            dir.resolve("c").toString(),
            "--json");

    assertThat(list.code).isEqualTo(OrchestratorCli.EXIT_INPUT);
    JsonNode error = list.json().get("error");
    assertThat(error.get("file").asText()).isEqualTo(source.toString());
    assertThat(error.get("line").asInt()).isEqualTo(2);
    assertThat(error.get("field").asText()).isEqualTo("routes[\"acme/fast-1\"].contextWindow");
    assertThat(error.get("message").asText())
        .startsWith(source + ":2:")
        .doesNotContain(source + ": " + source);
  }
}
