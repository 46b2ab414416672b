package dev.orchestrator.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.benmanes.caffeine.cache.Ticker;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Tier;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.ResourceBundle;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The refresher against a scripted loopback server on 127.0.0.1. */
class CatalogRefresherIT {
  private static final String CATALOG_A =
      "{\"providers\":{\"p\":{}},\"routes\":{\"p/a\":{\"tier\":\"free\"}}}";
  private static final String CATALOG_B =
      "{\"providers\":{\"p\":{}},\"routes\":{\"p/b\":{\"inputPerMtok\":1,\"outputPerMtok\":2}}}";

  private HttpServer server;
  private ExecutorService serverThreads;
  private final List<String> userAgents = new CopyOnWriteArrayList<>();
  private final AtomicInteger requests = new AtomicInteger();
  // Each request takes the next scripted status (the last repeats) and serves body on 200.
  private final List<Integer> script = new CopyOnWriteArrayList<>();
  private final AtomicReference<String> body = new AtomicReference<>(CATALOG_A);
  private final CountDownLatch release = new CountDownLatch(1);
  private final List<Duration> sleeps = new ArrayList<>();
  private final RecordingLogger logger = new RecordingLogger();
  private final AtomicLong nanos = new AtomicLong();
  private final Ticker ticker = nanos::get;

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    serverThreads = Executors.newCachedThreadPool();
    server.setExecutor(serverThreads);
    server.createContext("/catalog.json", this::handle);
    server.createContext("/hang", ex -> hang(ex));
    server.createContext("/slow-body", this::slowBody);
    server.start();
  }

  @AfterEach
  void stop() throws InterruptedException {
    release.countDown();
    server.stop(0);
    serverThreads.shutdownNow();
    serverThreads.awaitTermination(2, TimeUnit.SECONDS);
  }

  private void handle(HttpExchange ex) throws IOException {
    int n = requests.getAndIncrement();
    userAgents.add(ex.getRequestHeaders().getFirst("User-Agent"));
    int status = script.isEmpty() ? 200 : script.get(Math.min(n, script.size() - 1));
    byte[] b =
        (status == 200 ? body.get() : "{\"error\":\"down\"}").getBytes(StandardCharsets.UTF_8);
    ex.sendResponseHeaders(status, b.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(b);
    }
  }

  private void hang(HttpExchange ex) {
    try {
      release.await(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      ex.close();
    }
  }

  /** Headers at once, then a first byte of the body, then nothing until the test ends. */
  private void slowBody(HttpExchange ex) throws IOException {
    ex.sendResponseHeaders(200, 1000);
    try (OutputStream out = ex.getResponseBody()) {
      out.write('{');
      out.flush();
      release.await(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException gone) {
      // the client gave up, as it should
    }
  }

  private String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  private CatalogRefresher.Builder refresher(String path) {
    return CatalogRefresher.builder(url(path))
        // generous: a loopback fetch that should succeed is never cut short on a loaded machine
        .timeout(Duration.ofSeconds(30))
        .retryDelay(Duration.ofMillis(200))
        .sleeper(sleeps::add)
        .ticker(ticker)
        .executor(Runnable::run)
        .refreshAfter(Duration.ofMinutes(10))
        .logger(logger);
  }

  @Test
  void retriesTransientFailuresThenLoads() {
    script.addAll(List.of(503, 429, 200));
    CatalogRefresher.Outcome o = refresher("/catalog.json").build().refreshNow();
    assertThat(o.loaded()).isTrue();
    assertThat(o.attempts()).isEqualTo(3);
    assertThat(o.failure()).isEmpty();
    assertThat(o.catalog().route("p/a")).isPresent();
    assertThat(sleeps).containsExactly(Duration.ofMillis(200), Duration.ofMillis(200));
    assertThat(userAgents).hasSize(3).allMatch(ua -> ua.startsWith("orchestrator-catalog/"));
    assertThat(logger.records).isEmpty();
  }

  @Test
  void exhaustionKeepsTheLastGoodCatalogAndLogsOnce() {
    CatalogRefresher r = refresher("/catalog.json").build();
    Catalog good = r.current();
    assertThat(good.route("p/a")).isPresent();

    script.addAll(List.of(200, 503));
    CatalogRefresher.Outcome first = r.refreshNow();
    CatalogRefresher.Outcome second = r.refreshNow();

    assertThat(first.loaded()).isFalse();
    assertThat(first.attempts()).isEqualTo(3);
    assertThat(first.failure().orElseThrow()).hasMessageContaining("HTTP 503");
    assertThat(first.catalog()).isSameAs(good);
    assertThat(second.catalog()).isSameAs(good);
    assertThat(r.current()).isSameAs(good);
    assertThat(requests).hasValue(1 + 3 + 3);
    assertThat(logger.records).hasSize(1);
    assertThat(logger.records.get(0)).startsWith("WARNING").contains("HTTP 503");
  }

  @Test
  void alwaysFailingSourceServesTheFallbackAndAddsNoFreeEvidence() {
    script.add(500);
    CatalogRefresher r = refresher("/catalog.json").build();
    Catalog c = r.current();
    assertThat(c.routes()).isEmpty();
    assertThat(c.routes().stream().filter(x -> x.tier() == Tier.FREE)).isEmpty();
    assertThat(requests).hasValue(3);
    assertThat(sleeps).hasSize(2);
    assertThat(logger.records).hasSize(1);
  }

  @Test
  void settledClientErrorsAndBrokenDocumentsAreNotRetried() {
    script.add(404);
    CatalogRefresher.Outcome notFound = refresher("/catalog.json").build().refreshNow();
    assertThat(notFound.attempts()).isEqualTo(1);
    assertThat(notFound.failure().orElseThrow()).hasMessageContaining("HTTP 404 (expected: 200)");

    script.clear();
    body.set("{\"routes\": {\"p/a\": {\"tier\": \"gratis\"}}}");
    CatalogRefresher.Outcome broken = refresher("/catalog.json").build().refreshNow();
    assertThat(broken.attempts()).isEqualTo(1);
    assertThat(broken.failure().orElseThrow().field()).isEqualTo("routes[\"p/a\"].tier");
  }

  @Test
  void staleCatalogIsServedWhileARefreshAfterWriteFetchesTheNewOne() {
    CatalogRefresher r = refresher("/catalog.json").build();
    assertThat(r.current().route("p/a")).isPresent();
    body.set(CATALOG_B);
    nanos.addAndGet(Duration.ofMinutes(5).toNanos());
    assertThat(r.current().route("p/a")).as("still fresh").isPresent();
    assertThat(requests).hasValue(1);

    nanos.addAndGet(Duration.ofMinutes(6).toNanos());
    r.current();
    assertThat(requests).hasValue(2);
    assertThat(r.current().route("p/b")).isPresent();
  }

  @Test
  void aFailedRefreshAfterWriteKeepsServingTheOldCatalog() {
    CatalogRefresher r = refresher("/catalog.json").build();
    Catalog good = r.current();
    script.addAll(List.of(200, 502));
    nanos.addAndGet(Duration.ofMinutes(11).toNanos());
    r.current();
    assertThat(r.current()).isSameAs(good);
    assertThat(logger.records).hasSize(1);
  }

  @Test
  void anEmptyDocumentIsGarbageAndKeepsTheLastGoodCatalogAndItsCachedCopy(@TempDir Path dir) {
    SourceCache cache = SourceCache.at(dir);
    CatalogRefresher r = refresher("/catalog.json").cache(cache).build();
    Catalog good = r.current();
    assertThat(good.route("p/a")).isPresent();

    // What an upstream in trouble answers with 200: nothing at all, an empty model list, or a
    // Models.dev object whose providers list no models.
    for (String empty : List.of("{}", "{\"data\":[]}", "{\"p\":{\"models\":{}}}")) {
      body.set(empty);
      CatalogRefresher.Outcome o = r.refreshNow();
      assertThat(o.loaded()).as(empty).isFalse();
      assertThat(o.attempts()).as(empty).isEqualTo(1);
      assertThat(o.failure().orElseThrow())
          .as(empty)
          .hasMessageStartingWith(url("/catalog.json"))
          .hasMessageContaining("no models");
      assertThat(o.catalog()).as(empty).isSameAs(good);
      assertThat(r.current()).as(empty).isSameAs(good);
      assertThat(cache.load(url("/catalog.json")).orElseThrow().text())
          .as("the cached last good copy of " + empty)
          .isEqualTo(CATALOG_A);
    }
    assertThat(SourceCache.at(dir).load(url("/catalog.json")).orElseThrow().text())
        .as("the copy on disk")
        .isEqualTo(CATALOG_A);

    // An own configuration that states something other than routes is a catalog, not garbage.
    body.set("{\"providers\":{\"p\":{\"baseUrl\":\"https://p.example/v1\"}}}");
    assertThat(r.refreshNow().loaded()).isTrue();
  }

  @Test
  void aSilentServerTimesOutWithinTheConfiguredTimeout() {
    // The timeout under test is the headers' (150 ms); connecting gets a generous one of its own,
    // so a loaded machine's slow connect is not mistaken for it.
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build();
    CatalogRefresher.Outcome o =
        refresher("/hang")
            .httpClient(http)
            .timeout(Duration.ofMillis(150))
            .maxAttempts(2)
            .build()
            .refreshNow();
    assertThat(o.loaded()).isFalse();
    assertThat(o.attempts()).isEqualTo(2);
    assertThat(o.failure().orElseThrow()).hasMessageContaining("HttpTimeoutException");
  }

  @Test
  void readsALocalPathToo(@TempDir Path dir) throws IOException {
    Path f = Files.writeString(dir.resolve("c.json"), CATALOG_B);
    CatalogRefresher.Outcome o =
        CatalogRefresher.builder(f.toString()).sleeper(sleeps::add).build().refreshNow();
    assertThat(o.loaded()).isTrue();
    assertThat(o.catalog().route("p/b")).isPresent();
    CatalogRefresher.Outcome missing =
        CatalogRefresher.builder(dir.resolve("nope.json").toString())
            .logger(logger)
            .build()
            .refreshNow();
    assertThat(missing.attempts()).isEqualTo(1);
    assertThat(missing.failure().orElseThrow()).hasMessageContaining("no such file");
  }

  /** Records formatted log lines. */
  static final class RecordingLogger implements System.Logger {
    final List<String> records = new CopyOnWriteArrayList<>();

    @Override
    public String getName() {
      return "test";
    }

    @Override
    public boolean isLoggable(Level level) {
      return true;
    }

    @Override
    public void log(Level level, ResourceBundle bundle, String msg, Throwable thrown) {
      records.add(level + " " + msg);
    }

    @Override
    public void log(Level level, ResourceBundle bundle, String format, Object... params) {
      records.add(level + " " + java.text.MessageFormat.format(format, params));
    }
  }

  @Test
  void aBodyThatNeverCompletesTimesOutWithinTheConfiguredTimeout() throws Exception {
    // The body's deadline fires when the test says, through an injected timer: connecting and
    // reading the headers get the same generous timeout, however slowly a loaded machine does them.
    BlockingQueue<FutureTask<?>> deadlines = new LinkedBlockingQueue<>();
    List<Long> delays = new CopyOnWriteArrayList<>();
    Duration timeout = Duration.ofSeconds(60);
    CatalogRefresher r =
        refresher("/slow-body")
            .timeout(timeout)
            .maxAttempts(1)
            .bodyTimer(
                (task, delayNanos) -> {
                  FutureTask<?> f = new FutureTask<>(task, null);
                  delays.add(delayNanos);
                  deadlines.add(f);
                  return f;
                })
            .build();
    AtomicBoolean interruptLeaked = new AtomicBoolean();
    ExecutorService fetcher = Executors.newSingleThreadExecutor();
    try {
      Future<CatalogRefresher.Outcome> fetching =
          fetcher.submit(
              () -> {
                CatalogRefresher.Outcome o = r.refreshNow();
                interruptLeaked.set(Thread.currentThread().isInterrupted());
                return o;
              });

      // Patience for a loaded machine, not a sleep: returns once the headers are in.
      FutureTask<?> deadline = deadlines.poll(30, TimeUnit.SECONDS);
      assertThat(deadline).as("a deadline set for the body once the headers are in").isNotNull();
      // Counted from the attempt's start: the whole attempt stays within the configured timeout.
      assertThat(Duration.ofNanos(delays.get(0))).isPositive().isLessThanOrEqualTo(timeout);
      assertThat(fetching).as("still waiting for the body the server holds for 30 s").isNotDone();

      deadline.run();
      CatalogRefresher.Outcome o = fetching.get(30, TimeUnit.SECONDS);

      assertThat(o.loaded()).isFalse();
      assertThat(o.attempts()).isEqualTo(1);
      assertThat(o.failure().orElseThrow())
          .hasMessageContaining("body not received within the timeout of 60000 ms");
      assertThat(interruptLeaked).as("the deadline's interrupt leaked into the caller").isFalse();
      assertThat(deadlines).isEmpty();
    } finally {
      fetcher.shutdownNow();
    }
  }
}
