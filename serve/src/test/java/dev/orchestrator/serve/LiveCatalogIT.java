package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.catalog.CatalogException;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --source} served by a real local HTTP server: changes are picked up by a refresh (driven
 * directly, as the server's timer would), a source that goes down keeps its last good copy while
 * its age grows, and a restart without the source starts from the cache.
 */
class LiveCatalogIT {
  @TempDir Path cacheDir;
  private final FakeTime time = new FakeTime();
  private final Clock clock = time.clock(Instant.parse("2026-12-01T08:00:00Z"));

  private static String yaml(ScriptedUpstream upstream, String... models) {
    StringBuilder b = new StringBuilder("providers:\n");
    b.append("  alpha: {baseUrl: \"")
        .append(upstream.baseUrl("alpha"))
        .append("\", protocol: openai-chat, apiKeyEnv: [SIM_KEY]}\n");
    b.append("routes:\n");
    for (String m : models) {
      b.append("  \"alpha/").append(m).append("\": {tier: free, contextWindow: 8000}\n");
    }
    return b.toString();
  }

  private LiveCatalog live(String source) {
    return LiveCatalog.builder()
        .catalogs(List.of())
        .sources(List.of(source))
        .cacheDir(cacheDir)
        .clock(clock)
        .refresher(r -> r.sleeper(d -> {}).timeout(Duration.ofSeconds(5)))
        .build();
  }

  private static List<String> modelIds(ServeFixture f) {
    List<String> ids = new ArrayList<>();
    json(f.get("/v1/models").body()).path("data").forEach(m -> ids.add(m.path("id").asText()));
    return ids;
  }

  @Test
  void aChangedSourceIsPlannedAfterTheNextRefreshAndALostOneKeepsItsLastGoodCopy() {
    CatalogServer source = new CatalogServer();
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/new", List.of(Step.ok("from the new route"))),
            o -> o.maxCatalogAge(Duration.ofHours(2)),
            (upstream, b) -> {
              source.serve(yaml(upstream, "old"));
              b.liveCatalog(live(source.url())).clock(clock);
            })) {
      assertThat(modelIds(f)).contains("alpha/old").doesNotContain("alpha/new");
      assertThat(f.chat("alpha/new").statusCode()).isEqualTo(404);

      source.serve(yaml(f.upstream, "old", "new"));
      time.advance(Duration.ofMinutes(30));
      assertThat(f.server.catalog().refresh()).isTrue();

      assertThat(modelIds(f)).contains("alpha/old", "alpha/new");
      assertThat(f.chat("alpha/new").statusCode()).isEqualTo(200);
      assertThat(json(f.get("/readyz").body()).at("/catalog/ageSeconds").asLong()).isZero();

      source.close();
      time.advance(Duration.ofMinutes(90));
      assertThat(f.server.catalog().refresh()).isFalse();

      assertThat(modelIds(f)).contains("alpha/new");
      JsonNode ready = json(f.get("/readyz").body());
      assertThat(ready.at("/catalog/ageSeconds").asLong()).isEqualTo(5400);
      assertThat(ready.at("/catalog/refreshFailures").asLong()).isEqualTo(1);
      assertThat(ready.path("status").asText()).isEqualTo("ready");
      String metrics = f.get("/metrics").body();
      assertThat(PromText.value(metrics, "orchestrator_catalog_age_seconds", Map.of()))
          .isEqualTo(5400);
      assertThat(PromText.value(metrics, "orchestrator_catalog_refresh_failures", Map.of()))
          .isEqualTo(1);

      time.advance(Duration.ofMinutes(31));
      Readyz stale = new Readyz(f.get("/readyz"));
      assertThat(stale.status).isEqualTo(503);
      assertThat(stale.failing)
          .containsEntry("catalog_age", "the catalog is 7260 s old (expected: at most 7200 s)");
    }
  }

  @Test
  void aRestartWithTheSourceDownStartsFromTheCache() {
    String url;
    try (CatalogServer source = new CatalogServer();
        ScriptedUpstream upstream = ScriptedUpstream.start(Map.of())) {
      source.serve(yaml(upstream, "cached"));
      url = source.url();
      live(url);
    }
    time.advance(Duration.ofHours(1));
    LiveCatalog restarted = live(url);

    assertThat(restarted.current().route("alpha/cached")).isPresent();
    assertThat(restarted.age()).isEqualTo(Duration.ofHours(1));
    assertThat(restarted.failures()).isEqualTo(1);
  }

  @Test
  void aSourceThatCannotBeFetchedWithNoCachedCopyIsAStartUpErrorNamingIt() {
    String url;
    try (CatalogServer source = new CatalogServer()) {
      url = source.url();
    }
    assertThatThrownBy(() -> live(url))
        .isInstanceOf(CatalogException.class)
        .hasMessageStartingWith(url + ": ")
        .hasMessageContaining("3 attempt(s); no cached copy under " + cacheDir);
  }

  @Test
  void aSourceUrlsCredentialsAreShownNeitherByReadyzNorInTheCatalogsSources() {
    CatalogServer source = new CatalogServer();
    String url = source.url().replace("http://", "http://reader:hunter2@") + "?token=s3cret&v=1";
    String shown = source.url().replace("http://", "http://****@") + "?token=****&v=****";
    try (ServeFixture f =
        ServeFixture.start(
            Map.of(),
            o -> {},
            (upstream, b) -> {
              source.serve(yaml(upstream, "m"));
              b.liveCatalog(live(url)).clock(clock);
            })) {
      String body = f.get("/readyz").body();
      assertThat(body).doesNotContain("hunter2").doesNotContain("s3cret");
      JsonNode ready = json(body);
      assertThat(ready.at("/catalog/live/0/source").asText()).isEqualTo(shown);
      assertThat(ready.at("/catalog/live/0/fetchedAt").isTextual()).isTrue();
      assertThat(ready.at("/catalog/sources").toString()).contains(shown);
      assertThat(f.server.catalog().sources()).containsExactly(shown);
    } finally {
      source.close();
    }
  }

  @Test
  void aFailedFetchOfASourceWithCredentialsNamesItWithoutThem() {
    String url;
    try (CatalogServer source = new CatalogServer()) {
      url = source.url().replace("http://", "http://reader:hunter2@") + "?key=s3cret";
    }
    List<String> logged = new ArrayList<>();
    System.Logger recorder =
        new System.Logger() {
          @Override
          public String getName() {
            return "recorder";
          }

          @Override
          public boolean isLoggable(Level level) {
            return true;
          }

          @Override
          public void log(Level level, java.util.ResourceBundle b, String msg, Throwable t) {
            logged.add(msg);
          }

          @Override
          public void log(Level level, java.util.ResourceBundle b, String format, Object... ps) {
            logged.add(java.text.MessageFormat.format(format, ps));
          }
        };
    String given = url;
    assertThatThrownBy(
            () ->
                LiveCatalog.builder()
                    .catalogs(List.of())
                    .sources(List.of(given))
                    .cacheDir(cacheDir)
                    .clock(clock)
                    .refresher(r -> r.sleeper(d -> {}).logger(recorder))
                    .build())
        .isInstanceOf(CatalogException.class)
        .hasMessageNotContaining("hunter2")
        .hasMessageNotContaining("s3cret")
        .hasMessageContaining("http://****@127.0.0.1:")
        .satisfies(e -> assertThat(((CatalogException) e).source()).doesNotContain("hunter2"));
    assertThat(logged).isNotEmpty().noneMatch(l -> l.contains("hunter2") || l.contains("s3cret"));
  }

  @Test
  void aBrokenSourceAtRefreshTimeKeepsTheLastGoodCatalog() {
    try (CatalogServer source = new CatalogServer();
        ScriptedUpstream upstream = ScriptedUpstream.start(Map.of())) {
      source.serve(yaml(upstream, "good"));
      LiveCatalog live = live(source.url());
      source.serve("routes: {\"alpha/x\": {contextWindow: many}}\n");

      assertThat(live.refresh()).isFalse();
      assertThat(live.current().route("alpha/good")).isPresent();
      assertThat(live.failures()).isEqualTo(1);
      assertThat(source.fetches()).isEqualTo(2); // a broken document is not fetched again
    }
  }

  @Test
  void aCopyThatDoesNotMergeLeavesTheCatalogInForceItsAgeAndItsCachedCopyAsTheyWere(
      @TempDir Path configDir) throws Exception {
    // The operator's config pools a route the source later drops: each file is valid alone, the
    // two no longer merge, so the old catalog stays in force. What the cache holds and the age
    // readiness checks must be those of that catalog, not of a copy never put in force.
    Path config =
        java.nio.file.Files.writeString(
            configDir.resolve("pools.yaml"),
            "pools:\n  mine: {kind: group, routes: [\"alpha/old\"]}\n");
    String url;
    try (CatalogServer source = new CatalogServer();
        ScriptedUpstream upstream = ScriptedUpstream.start(Map.of())) {
      source.serve(yaml(upstream, "old"));
      url = source.url();
      LiveCatalog live =
          LiveCatalog.builder()
              .catalogs(List.of())
              .sources(List.of(url))
              .configs(List.of(config))
              .cacheDir(cacheDir)
              .clock(clock)
              .refresher(r -> r.sleeper(d -> {}).timeout(Duration.ofSeconds(5)))
              .build();

      source.serve(yaml(upstream, "new"));
      time.advance(Duration.ofMinutes(30));
      assertThat(live.refresh()).isFalse();
      assertThat(live.current().route("alpha/old")).isPresent();
      assertThat(live.current().route("alpha/new")).isEmpty();
      assertThat(live.age())
          .as("the age of the catalog in force")
          .isEqualTo(Duration.ofMinutes(30));
      assertThat(live.fetchedAt(url)).contains(Instant.parse("2026-12-01T08:00:00Z"));
    }

    // a restart while the source is down starts from the last copy that was in force
    time.advance(Duration.ofMinutes(30));
    LiveCatalog restarted =
        LiveCatalog.builder()
            .catalogs(List.of())
            .sources(List.of(url))
            .configs(List.of(config))
            .cacheDir(cacheDir)
            .clock(clock)
            .refresher(r -> r.sleeper(d -> {}).timeout(Duration.ofSeconds(5)))
            .build();
    assertThat(restarted.current().route("alpha/old")).isPresent();
    assertThat(restarted.age()).isEqualTo(Duration.ofHours(1));
  }

  @Test
  void aSourceIsLaidOverTheCatalogFilesAndTheSourcesBeforeItAndMayNameWhatTheyDefine(
      @TempDir Path configDir) throws Exception {
    // The operator's file defines the provider; one source adds its routes over it, and a second
    // pools a route of the first: each names what only a layer below it defines.
    try (CatalogServer routes = new CatalogServer();
        CatalogServer pools = new CatalogServer();
        ScriptedUpstream upstream = ScriptedUpstream.start(Map.of())) {
      String provider = yaml(upstream);
      Path file = java.nio.file.Files.writeString(configDir.resolve("providers.yaml"), provider);
      routes.serve("routes:\n  \"alpha/live\": {tier: free, contextWindow: 8000}\n");
      pools.serve("pools:\n  mine: {kind: group, routes: [\"alpha/live\"]}\n");
      LiveCatalog live =
          LiveCatalog.builder()
              .catalogs(List.of(file))
              .sources(List.of(routes.url(), pools.url()))
              .cacheDir(cacheDir)
              .clock(clock)
              .refresher(r -> r.sleeper(d -> {}).timeout(Duration.ofSeconds(5)))
              .build();

      assertThat(live.current().route("alpha/live")).isPresent();
      assertThat(live.current().pool("mine")).isPresent();

      routes.serve(
          "routes:\n  \"alpha/live\": {tier: free, contextWindow: 8000}\n"
              + "  \"alpha/later\": {tier: free, contextWindow: 8000}\n");
      assertThat(live.refresh()).isTrue();
      assertThat(live.current().route("alpha/later")).isPresent();

      // a provider no layer defines is still the source's own error, and the copy is not kept
      routes.serve("routes:\n  \"nowhere/x\": {tier: free, contextWindow: 8000}\n");
      live.refresh();
      assertThat(live.current().route("alpha/later")).isPresent();
      assertThat(live.current().route("nowhere/x")).isEmpty();
      assertThat(live.failures()).isEqualTo(1);
    }
  }

  @Test
  void aSourcesWarningsGoToTheLogOnceAsACatalogFilesDo() {
    CatalogServer source = new CatalogServer();
    source.serve(
        "providers:\n"
            + "  alpha: {baseUrl: \"http://127.0.0.1:9/v1\", apiKeyEnv: [SIM_KEY]}\n"
            + "routes:\n"
            + "  \"alpha/old\": {tier: free, contextWindow: 8000}\n"
            + "deny: [\"alpha/od\"]\n");
    Recorded log = new Recorded();

    LiveCatalog catalog =
        LiveCatalog.builder()
            .sources(List.of(source.url()))
            .cacheDir(cacheDir)
            .clock(clock)
            .logger(log)
            .refresher(r -> r.sleeper(d -> {}).timeout(Duration.ofSeconds(5)))
            .build();
    assertThat(catalog.refresh()).isTrue(); // the same copy again: nothing new to say

    assertThat(log.lines)
        .containsExactly(
            "WARNING "
                + source.url()
                + ":5:8: deny[0]: 'alpha/od' matches no route of this catalog (did you mean"
                + " 'alpha/old'?); it denies nothing until a route it matches is added");
  }

  /** Log records as {@code LEVEL message}. */
  private static final class Recorded implements System.Logger {
    final List<String> lines = new ArrayList<>();

    @Override
    public String getName() {
      return "recorded";
    }

    @Override
    public boolean isLoggable(Level level) {
      return true;
    }

    @Override
    public synchronized void log(Level level, java.util.ResourceBundle b, String m, Throwable t) {
      lines.add(level + " " + m);
    }

    @Override
    public void log(Level level, java.util.ResourceBundle b, String format, Object... params) {
      log(level, b, java.text.MessageFormat.format(format, params), (Throwable) null);
    }
  }

  /** The status and failing checks of a {@code /readyz} answer. */
  private static final class Readyz {
    final int status;
    final Map<String, String> failing = new java.util.LinkedHashMap<>();

    Readyz(java.net.http.HttpResponse<String> r) {
      status = r.statusCode();
      json(r.body())
          .path("failing")
          .forEach(c -> failing.put(c.path("check").asText(), c.path("reason").asText()));
    }
  }
}
