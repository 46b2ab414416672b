package dev.orchestrator.benchmarks.load;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The slow-body soak of issue #30 (docs/benchmarks.md §4): {@code --clients} connections to {@code
 * serve} each declare a 100,000-byte chat request and send one byte of it a second, while the soak
 * asks {@code GET /healthz} every 50 ms and sends an ordinary chat request every 100 ms, for {@code
 * --seconds}. It reports the health check's latency (p50, p99, max, and how many took over 50 ms)
 * and the share of ordinary requests answered 200, and fails when the health check's p99 is over 50
 * ms or an ordinary request was not answered. Everything on 127.0.0.1.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.orchestrator.benchmarks.load.SlowBodySoak \
 *   [--clients 300] [--seconds 40] [--serve-jar cli/target/orchestrator.jar] \
 *   [--out benchmarks/target/slow-bodies]
 * </pre>
 */
public final class SlowBodySoak {
  private SlowBodySoak() {}

  /** Runs the soak; see the class comment. */
  public static void main(String[] args) throws Exception {
    int clients = 300;
    long seconds = 40;
    Path jar = Path.of("cli/target/orchestrator.jar");
    Path out = Path.of("benchmarks/target/slow-bodies");
    for (int i = 0; i + 1 < args.length; i += 2) {
      String a = args[i];
      String v = args[i + 1];
      switch (a) {
        case "--clients" -> clients = (int) Args.bounded(a, v, 1, 10_000);
        case "--seconds" -> seconds = Args.bounded(a, v, 1, 3_600);
        case "--serve-jar" -> jar = Path.of(v);
        case "--out" -> out = Path.of(v);
        default -> throw new IllegalArgumentException("unknown option " + a);
      }
    }
    Files.createDirectories(out);
    try (LoopbackUpstream upstream = LoopbackUpstream.start()) {
      Path catalog = out.resolve("catalog.json");
      Files.writeString(catalog, FaultSoak.catalog(upstream));
      Optional<Gateway> started =
          Gateway.startServe(jar, catalog, List.of("-Xms256m", "-Xmx256m"), out);
      if (started.isEmpty()) {
        System.exit(2);
      }
      try (Gateway serve = started.get()) {
        System.exit(run(URI.create(serve.baseUrl()), clients, seconds) ? 0 : 1);
      }
    }
  }

  private static boolean run(URI base, int clients, long seconds) throws Exception {
    List<Socket> slow = new CopyOnWriteArrayList<>();
    String head =
        "POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            + "Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{";
    for (int i = 0; i < clients; i++) {
      Socket s = new Socket(base.getHost(), base.getPort());
      s.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
      s.getOutputStream().flush();
      slow.add(s);
    }
    AtomicInteger cut = new AtomicInteger();
    ScheduledExecutorService trickle = Executors.newSingleThreadScheduledExecutor();
    trickle.scheduleAtFixedRate(
        () -> {
          for (Socket s : slow) {
            try {
              OutputStream o = s.getOutputStream();
              o.write(' ');
              o.flush();
            } catch (IOException e) {
              slow.remove(s);
              cut.incrementAndGet();
            }
          }
        },
        1,
        1,
        TimeUnit.SECONDS);
    HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    List<Long> health = new ArrayList<>();
    int asked = 0;
    int answered = 0;
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    String chat =
        "{\"model\":\"orchestrator/free\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
    for (long tick = 0; System.nanoTime() < end; tick++) {
      long t0 = System.nanoTime();
      HttpResponse<String> h =
          client.send(
              HttpRequest.newBuilder(base.resolve("/healthz"))
                  .timeout(Duration.ofSeconds(10))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      health.add(h.statusCode() == 200 ? System.nanoTime() - t0 : Long.MAX_VALUE);
      if (tick % 2 == 0) {
        asked++;
        HttpResponse<String> r =
            client.send(
                HttpRequest.newBuilder(base.resolve("/v1/chat/completions"))
                    .timeout(Duration.ofSeconds(10))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(chat))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
        answered += r.statusCode() == 200 ? 1 : 0;
      }
      long left = TimeUnit.MILLISECONDS.toNanos(50) - (System.nanoTime() - t0);
      if (left > 0) {
        TimeUnit.NANOSECONDS.sleep(left);
      }
    }
    trickle.shutdownNow();
    for (Socket s : slow) {
      s.close();
    }
    Collections.sort(health);
    long over = health.stream().filter(n -> n > TimeUnit.MILLISECONDS.toNanos(50)).count();
    double p50 = ms(health.get(health.size() / 2));
    double p99 = ms(health.get(Math.min(health.size() - 1, (int) (health.size() * 0.99))));
    System.out.printf(
        "slow-body soak: %d slow clients (%d cut by serve), %d s%n"
            + "healthz: %d checks, p50 %.1f ms, p99 %.1f ms, max %.1f ms, %d over 50 ms%n"
            + "ordinary chat requests: %d/%d answered 200%n",
        clients,
        cut.get(),
        seconds,
        health.size(),
        p50,
        p99,
        ms(health.get(health.size() - 1)),
        over,
        answered,
        asked);
    boolean ok = p99 <= 50 && answered == asked;
    System.out.println(ok ? "slow-body soak: PASSED" : "slow-body soak: FAILED");
    return ok;
  }

  private static double ms(long nanos) {
    return nanos == Long.MAX_VALUE ? Double.POSITIVE_INFINITY : nanos / 1e6;
  }
}
