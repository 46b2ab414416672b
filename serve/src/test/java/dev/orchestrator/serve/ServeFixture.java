package dev.orchestrator.serve;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.OrchestratorListener;
import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.Trace;
import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.providers.HttpProviderClients;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import dev.orchestrator.serve.http.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A running {@code serve} backed by the scripted loopback upstream, with a small catalog whose
 * routes all point at it, and a real {@code java.net.http} client.
 *
 * <p>Routes: {@code alpha/small} (free, 8k window), {@code beta/large} (free, 128k, accepts
 * prefill, tools), {@code delta/prefill-rejecting} (free, 128k, marked prefill), {@code
 * gamma/priced} (priced). Pools: {@code pair} (virtual: alpha, beta), {@code pair-group} (group:
 * alpha, beta), {@code cut-then-rejecting} (virtual: alpha, delta).
 */
final class ServeFixture implements AutoCloseable {
  static final String TOKEN = "serve-test-token-0123456789";
  static final String SIM_KEY = "sk-sim-secret-key-ABCDEF";

  final ScriptedUpstream upstream;
  final OrchestratorServer server;
  final HttpClient client;
  final List<String> accessLog = new CopyOnWriteArrayList<>();
  final List<Trace> traces = new CopyOnWriteArrayList<>();

  private ServeFixture(
      Map<String, List<Step>> scripts,
      OrchestratorPolicy policy,
      Consumer<ServerOptions.Builder> options,
      BiConsumer<ScriptedUpstream, OrchestratorServer.Builder> serverSettings,
      Consumer<TaskOrchestrator.Builder> engine,
      Function<ScriptedUpstream, Catalog> catalog,
      Function<ScriptedUpstream, TaskOrchestrator> callerBuilt) {
    upstream = ScriptedUpstream.start(scripts);
    ServerOptions.Builder ob =
        ServerOptions.builder()
            .port(0)
            .threads(8)
            .shutdownGrace(Duration.ofSeconds(2))
            .accessLog(accessLog::add);
    options.accept(ob);
    OrchestratorListener recorder =
        new OrchestratorListener() {
          @Override
          public void onSuccess(ChatResult result) {
            traces.add(result.trace());
          }

          @Override
          public void onFailure(OrchestratorException error) {
            if (error.trace() != null) {
              traces.add(error.trace());
            }
          }
        };
    Credentials creds = Credentials.constant(SIM_KEY);
    OrchestratorServer.Builder sb = OrchestratorServer.builder().options(ob.build());
    if (callerBuilt != null) {
      TaskOrchestrator o = callerBuilt.apply(upstream);
      o.addListener(recorder);
      sb.orchestrator(o);
    } else {
      sb.catalog(catalog.apply(upstream))
          .providers(HttpProviderClients.builder().credentials(creds).build())
          .credentials(creds)
          .policy(policy)
          .configure(
              b -> {
                b.listener(recorder);
                engine.accept(b);
              });
    }
    serverSettings.accept(upstream, sb);
    server = sb.start();
    client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
  }

  /** A server over the standard catalog with the {@link #policy()} limits. */
  static ServeFixture start(Map<String, List<Step>> scripts) {
    return new ServeFixture(
        scripts, policy().build(), o -> {}, (u, b) -> {}, e -> {}, ServeFixture::catalog, null);
  }

  /**
   * A server over a catalog of the caller's own, built against the scripted upstream, with generous
   * timeouts: its tests are about what is said, not about how fast.
   */
  static ServeFixture start(
      Map<String, List<Step>> scripts, Function<ScriptedUpstream, Catalog> catalog) {
    return new ServeFixture(
        scripts, generousPolicy(), o -> {}, (u, b) -> {}, e -> {}, catalog, null);
  }

  /** A server handed an orchestrator the caller built against the scripted upstream. */
  static ServeFixture withOrchestrator(
      Map<String, List<Step>> scripts, Function<ScriptedUpstream, TaskOrchestrator> orchestrator) {
    return new ServeFixture(
        scripts, null, o -> {}, (u, b) -> {}, e -> {}, ServeFixture::catalog, orchestrator);
  }

  /** Timeouts no loaded machine reaches; for tests that assert behaviour, not speed. */
  static OrchestratorPolicy generousPolicy() {
    return generous().build();
  }

  /** {@link #policy()} with a deadline no loaded machine reaches either (60 s). */
  static OrchestratorPolicy.Builder generous() {
    return policy().deadline(Duration.ofSeconds(60));
  }

  static ServeFixture start(
      Map<String, List<Step>> scripts,
      OrchestratorPolicy policy,
      Consumer<ServerOptions.Builder> options) {
    return new ServeFixture(
        scripts, policy, options, (u, b) -> {}, e -> {}, ServeFixture::catalog, null);
  }

  /** As above, with further server settings (clock, live catalog, readiness checks…). */
  static ServeFixture start(
      Map<String, List<Step>> scripts,
      Consumer<ServerOptions.Builder> options,
      BiConsumer<ScriptedUpstream, OrchestratorServer.Builder> serverSettings) {
    return new ServeFixture(
        scripts, policy().build(), options, serverSettings, e -> {}, ServeFixture::catalog, null);
  }

  /** As above, with the given policy. */
  static ServeFixture start(
      Map<String, List<Step>> scripts,
      OrchestratorPolicy policy,
      Consumer<ServerOptions.Builder> options,
      BiConsumer<ScriptedUpstream, OrchestratorServer.Builder> serverSettings) {
    return new ServeFixture(
        scripts, policy, options, serverSettings, e -> {}, ServeFixture::catalog, null);
  }

  /** A request with a bearer token. */
  HttpResponse<String> post(String body, String token) {
    return send(
        HttpRequest.newBuilder(uri("/v1/chat/completions"))
            .header("Content-Type", "application/json")
            .header("Authorization", "Bearer " + token)
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build());
  }

  /** As above, also configuring the orchestrator (e.g. a health store on a fake ticker). */
  static ServeFixture start(
      Map<String, List<Step>> scripts,
      OrchestratorPolicy policy,
      Consumer<ServerOptions.Builder> options,
      Consumer<TaskOrchestrator.Builder> engine) {
    return new ServeFixture(
        scripts, policy, options, (u, b) -> {}, engine, ServeFixture::catalog, null);
  }

  /**
   * Attempt limits no loaded machine reaches (connect 10 s, the rest 30 s) under a 4 s deadline
   * against which a {@code Retry-After} or a backoff is weighed: what a test gets unless it names a
   * policy, so that an answer a slow machine gives late is never a timeout. A test about a limit
   * shortens that one, no further than the answering routes allow.
   */
  static OrchestratorPolicy.Builder policy() {
    return OrchestratorPolicy.builder()
        .connectTimeout(Duration.ofSeconds(10))
        .attemptTimeout(Duration.ofSeconds(30))
        .firstTokenTimeout(Duration.ofSeconds(30))
        .streamIdleTimeout(Duration.ofSeconds(30))
        .deadline(Duration.ofSeconds(4))
        .backoff(Duration.ofMillis(20), Duration.ofMillis(100))
        .sameRouteRetries(1)
        .seed(7L);
  }

  static Catalog catalog(ScriptedUpstream upstream) {
    Catalog.Builder b = Catalog.builder();
    for (String p : List.of("alpha", "beta", "gamma", "delta")) {
      b.provider(Provider.of(p, upstream.baseUrl(p), Protocol.OPENAI_CHAT, List.of("SIM_KEY")));
    }
    b.route(Route.builder("alpha", "small").tier(Tier.FREE).contextWindow(8_000).build());
    b.route(
        Route.builder("beta", "large")
            .tier(Tier.FREE)
            .contextWindow(128_000)
            .capabilities(Capability.PREFILL, Capability.TOOLS)
            .build());
    b.route(
        Route.builder("delta", "prefill-rejecting")
            .tier(Tier.FREE)
            .contextWindow(128_000)
            .capabilities(Capability.PREFILL)
            .build());
    b.route(
        Route.builder("gamma", "priced")
            .prices(BigDecimal.ONE, BigDecimal.valueOf(2))
            .contextWindow(128_000)
            .build());
    b.pool(new Pool("pair", PoolKind.VIRTUAL, List.of("alpha/small", "beta/large")));
    b.pool(new Pool("pair-group", PoolKind.GROUP, List.of("alpha/small", "beta/large")));
    b.pool(
        new Pool(
            "cut-then-rejecting",
            PoolKind.VIRTUAL,
            List.of("alpha/small", "delta/prefill-rejecting")));
    return b.build();
  }

  URI uri(String path) {
    return URI.create("http://127.0.0.1:" + server.port() + path);
  }

  /** A chat body for {@code model} with one user message; {@code extra} is spliced in. */
  static String body(String model, boolean stream, String extra) {
    return "{\"model\":\""
        + model
        + "\",\"stream\":"
        + stream
        + ",\"messages\":[{\"role\":\"user\",\"content\":\"Say hello\"}]"
        + (extra.isEmpty() ? "" : "," + extra)
        + "}";
  }

  HttpResponse<String> post(String body) {
    return send(
        HttpRequest.newBuilder(uri("/v1/chat/completions"))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build());
  }

  HttpResponse<String> chat(String model) {
    return post(body(model, false, ""));
  }

  HttpResponse<String> get(String path) {
    return send(HttpRequest.newBuilder(uri(path)).GET().build());
  }

  HttpResponse<String> send(HttpRequest request) {
    try {
      return client.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new AssertionError("request failed: " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  /**
   * A streaming call: the status, headers and every SSE {@code data:} payload in order. A body that
   * is broken off (docs/reference.md §5) is read up to the cut, which is recorded.
   */
  Sse stream(String model, String extra) {
    return streamBody(body(model, true, extra));
  }

  /** A streaming call with a whole request body. */
  Sse streamBody(String requestBody) {
    return streamTo("/v1/chat/completions", requestBody);
  }

  /**
   * A streaming request with {@code requestBody} to {@code path}, read to its end or to the cut.
   */
  Sse streamTo(String path, String requestBody) {
    HttpRequest request =
        HttpRequest.newBuilder(uri(path))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(requestBody))
            .build();
    HttpResponse<InputStream> r;
    try {
      r = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
    } catch (IOException e) {
      throw new AssertionError("request failed: " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    boolean cut = false;
    try (InputStream in = r.body()) {
      byte[] buf = new byte[8192];
      for (int n; (n = in.read(buf)) >= 0; ) {
        bytes.write(buf, 0, n);
      }
    } catch (IOException e) {
      cut = true; // the server broke the body off
    }
    String body = bytes.toString(StandardCharsets.UTF_8);
    List<String> data = new ArrayList<>();
    List<String> events = new ArrayList<>();
    for (String line : body.split("\n")) {
      if (line.startsWith("data: ")) {
        data.add(line.substring(6));
      } else if (line.startsWith("event: ")) {
        events.add(line.substring(7));
      }
    }
    return new Sse(r, body, data, events, cut);
  }

  static JsonNode json(String text) {
    try {
      return Json.MAPPER.readTree(text);
    } catch (IOException e) {
      throw new AssertionError("not JSON: " + text, e);
    }
  }

  /** One SSE answer. */
  static final class Sse {
    final HttpResponse<InputStream> response;
    final String body;
    final List<String> data;
    final List<String> events;
    final boolean cut;

    Sse(
        HttpResponse<InputStream> response,
        String body,
        List<String> data,
        List<String> events,
        boolean cut) {
      this.response = response;
      this.body = body;
      this.data = data;
      this.events = events;
      this.cut = cut;
    }

    /** The parsed chunks (every data payload but {@code [DONE]}). */
    List<JsonNode> chunks() {
      return data.stream()
          .filter(d -> !d.equals("[DONE]"))
          .map(ServeFixture::json)
          .collect(Collectors.toList());
    }

    /** The concatenated text of every content delta. */
    String text() {
      return data.stream()
          .filter(d -> !d.equals("[DONE]"))
          .map(ServeFixture::json)
          .filter(n -> n.has("choices") && n.get("choices").size() > 0)
          .map(n -> n.get("choices").get(0).path("delta").path("content").asText(""))
          .collect(Collectors.joining());
    }

    /** The error event, or {@code null}. */
    JsonNode error() {
      for (String d : data) {
        if (!d.equals("[DONE]") && json(d).has("error")) {
          return json(d).get("error");
        }
      }
      return null;
    }

    /** The finish reason of the last chunk that has one, or {@code null}. */
    String finishReason() {
      String f = null;
      for (String d : data) {
        if (d.equals("[DONE]")) {
          continue;
        }
        JsonNode c = json(d).path("choices").path(0).path("finish_reason");
        if (c.isTextual()) {
          f = c.asText();
        }
      }
      return f;
    }

    String last() {
      return data.isEmpty() ? null : data.get(data.size() - 1);
    }
  }

  @Override
  public void close() {
    server.close();
    upstream.close();
  }

  /** The value of metric {@code name} (its first series) on {@code /metrics}. */
  double metric(String name) {
    String text = send(HttpRequest.newBuilder(uri("/metrics")).GET().build()).body();
    for (String line : text.split("\n")) {
      if (line.startsWith(name + " ") || line.startsWith(name + "{")) {
        return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
      }
    }
    throw new AssertionError(name + " not on /metrics");
  }

  /**
   * Waits up to ten seconds for {@code condition} (something a server thread does on its own time:
   * an upstream call cancelled, a worker taken); whether it held.
   */
  static boolean within10s(BooleanSupplier condition) {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - end > 0) {
        return false;
      }
      Thread.onSpinWait();
    }
    return true;
  }
}
