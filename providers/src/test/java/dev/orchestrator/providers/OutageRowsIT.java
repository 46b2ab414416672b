package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.testing.FakeTime;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Outages through the real provider clients on a loopback upstream whose routes go down and come
 * back at will, on fake time (docs/design.md §5, "availability first"): every route down costs at
 * most one upstream call per request and the retry budget's share (an outage cannot multiply the
 * load); a route back from a long outage serves again within 15 s.
 */
class OutageRowsIT {
  private static final List<String> PROVIDERS = List.of("alpha", "beta", "gamma");

  private final FakeTime time = new FakeTime();
  private final Set<String> down = ConcurrentHashMap.newKeySet();
  private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
  private HttpServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.stop(0);
    }
  }

  /** Each provider's path answers 503 while it is {@link #down}, else a plain completion. */
  private String start() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    for (String p : PROVIDERS) {
      server.createContext(
          "/" + p + "/v1/chat/completions",
          ex -> {
            ex.getRequestBody().readAllBytes();
            calls.computeIfAbsent(p, k -> new AtomicInteger()).incrementAndGet();
            boolean isDown = down.contains(p);
            byte[] body =
                (isDown
                        ? "{\"error\":{\"message\":\"Service Unavailable\",\"type\":\"server_error\"}}"
                        : "{\"id\":\"c\",\"object\":\"chat.completion\",\"model\":\"m\",\"choices\":"
                            + "[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\""
                            + p
                            + " answers\"},\"finish_reason\":\"stop\"}],\"usage\":"
                            + "{\"prompt_tokens\":3,\"completion_tokens\":2,\"total_tokens\":5}}")
                    .getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "application/json");
            ex.sendResponseHeaders(isDown ? 503 : 200, body.length);
            ex.getResponseBody().write(body);
            ex.close();
          });
    }
    server.start();
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  private TaskOrchestrator orchestrator(String base, int routes) {
    return orchestrator(base, routes, OrchestratorPolicy.builder().seed(3L).build());
  }

  private TaskOrchestrator orchestrator(String base, int routes, OrchestratorPolicy policy) {
    Catalog.Builder b = Catalog.builder();
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < routes; i++) {
      String p = PROVIDERS.get(i);
      b.provider(Fixtures.provider(p, base + "/" + p + "/v1", Protocol.OPENAI_CHAT));
      b.route(
          Route.builder(p, "m")
              .tier(Tier.FREE)
              .contextWindow(8_000)
              .quality(0.9 - 0.1 * i)
              .build());
      ids.add(p + "/m");
    }
    b.pool(new Pool("pool", PoolKind.VIRTUAL, ids));
    return TaskOrchestrator.builder()
        .catalog(b.build())
        .providers(Fixtures.clients())
        .credentials(Credentials.of(Map.of(Fixtures.KEY_ENV, Fixtures.SECRET)))
        .ticker(time)
        .sleeper(time)
        .policy(policy)
        .build();
  }

  private String send(TaskOrchestrator o) {
    try {
      ChatResult r = o.chat(ChatRequest.builder("pool").user("hello").build());
      return r.route();
    } catch (OrchestratorException e) {
      return e.type().wireName();
    }
  }

  private int totalCalls() {
    return calls.values().stream().mapToInt(AtomicInteger::get).sum();
  }

  @Test
  void everyRouteDownCostsAboutOneCallPerRequest() throws Exception {
    // A deadline shorter than a breaker's open time: a request does not wait for the probe.
    TaskOrchestrator o =
        orchestrator(
            start(),
            3,
            OrchestratorPolicy.builder().seed(3L).deadline(Duration.ofSeconds(2)).build());
    down.addAll(PROVIDERS);
    int requests = 400;
    for (int i = 0; i < requests; i++) {
      assertThat(send(o)).isNotEqualTo("ok");
      time.advance(Duration.ofMillis(50));
    }
    double perRequest = (double) totalCalls() / requests;
    // One call a request (its first attempt is its own load, sent in panic mode), the retry
    // budget's 0.2 per request, and the few calls it takes to open three breakers: not three
    // routes' worth. (With a deadline longer than the open time, a lone caller's request waits for
    // the breakers' probes and then tries each route: the budget's floor of 10 retries per 10 s.)
    assertThat(perRequest).as("upstream calls per request, calls %s", calls).isLessThan(1.5);
  }

  @Test
  void routeBackFromALongOutageServesWithin15Seconds() throws Exception {
    TaskOrchestrator o = orchestrator(start(), 2);
    down.add("alpha");
    // Ten minutes down, a request every 2 s: its open time has grown to its cap.
    for (int i = 0; i < 300; i++) {
      assertThat(send(o)).isEqualTo("beta/m");
      time.advance(Duration.ofSeconds(2));
    }
    down.remove("alpha");
    long back = time.read();
    String served = "";
    while (!served.equals("alpha/m") && time.read() - back < Duration.ofSeconds(30).toNanos()) {
      served = send(o);
      time.advance(Duration.ofMillis(500));
    }
    assertThat(served).isEqualTo("alpha/m");
    assertThat(Duration.ofNanos(time.read() - back)).isLessThanOrEqualTo(Duration.ofSeconds(15));
  }
}
