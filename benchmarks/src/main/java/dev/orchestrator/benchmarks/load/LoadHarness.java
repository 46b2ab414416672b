package dev.orchestrator.benchmarks.load;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.sun.net.httpserver.HttpServer;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The end-to-end load harness (docs/benchmarks.md): a fast loopback upstream that answers like a
 * chat completion, and in one run, at each concurrency, (a) a raw {@code java.net.http} client
 * against it, (b) the in-process orchestrator against it, (c) {@code serve} against it, and the
 * Portkey gateway (non-streaming) as the peer. Reports median, p99 and throughput, and the added
 * latency and throughput ratios against (a) and against Portkey. Everything listens and connects on
 * 127.0.0.1 only; every loop is bounded by its measured window.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.orchestrator.benchmarks.load.LoadHarness \
 *   [--concurrency 1,16,64,256] [--warmup-ms 1000] [--measure-ms 3000] [--modes nonstream,stream]
 *   [--targets raw,in-process,serve,portkey] [--serve-jar cli/target/orchestrator.jar]
 *   [--serve-fronts chat,messages,responses]
 *   [--serve-url http://127.0.0.1:PORT --upstream-port N] [--serve-java-opts "-Xmx512m"]
 *   [--portkey-dir DIR] [--out benchmarks/target/load] [--compare-upstreams]
 * </pre>
 */
public final class LoadHarness {
  private static final ObjectMapper JSON =
      JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

  private LoadHarness() {}

  /** Runs the harness; see the class comment for the options. */
  public static void main(String[] args) throws Exception {
    Options o = Options.parse(args);
    Files.createDirectories(o.out);
    Map<String, Object> report = new LinkedHashMap<>();
    report.put("started", Instant.now().toString());
    report.put("machine", Machine.describe());
    report.put("options", o.describe());
    System.out.println("machine: " + report.get("machine"));

    if (o.compareUpstreams) {
      report.put("upstreams", compareUpstreams(o));
      write(o, report);
      return;
    }

    try (LoopbackUpstream upstream =
        LoopbackUpstream.start(LoopbackUpstream.Behaviour.healthy(), 0, o.upstreamPort)) {
      Path catalog = o.out.resolve("bench-catalog.json");
      Files.writeString(catalog, Bodies.catalog(upstream));
      System.out.println("upstream: " + upstream.baseUrl("bench-a") + " (catalog " + catalog + ")");

      List<Target> targets = new ArrayList<>();
      List<AutoCloseable> closers = new ArrayList<>();
      Map<String, JvmMeter> meters = new LinkedHashMap<>(); // by target: its own process
      Map<String, Object> notes = new LinkedHashMap<>();
      try {
        targets.add(
            new HttpTarget(
                "raw",
                URI.create(upstream.baseUrl("bench-a") + "/chat/completions"),
                Map.of(),
                Bodies.MODEL,
                Duration.ofSeconds(30)));
        if (o.targets.contains("in-process")) {
          targets.add(new InProcessTarget(upstream));
        }
        if (o.targets.contains("serve")) {
          String url = o.serveUrl;
          if (url == null) {
            Optional<Gateway> g = Gateway.startServe(o.serveJar, catalog, o.serveJavaOpts, o.out);
            if (g.isPresent()) {
              Optional<JvmMeter> meter = JvmMeter.attach(g.get().pid());
              meter.ifPresent(m -> meters.put("serve", m));
              closers.addAll(meter.stream().toList()); // closed before the process it reads
              closers.add(g.get());
              url = g.get().baseUrl();
              notes.put("serve", "started by the harness: pid " + g.get().pid());
            } else {
              notes.put("serve", "skipped: not available (see the harness output)");
            }
          } else if (o.upstreamPort == 0) {
            System.out.println(
                "serve: skipped: --serve-url needs --upstream-port N (and serve started with a"
                    + " catalog pointing at it)");
            url = null;
          }
          if (url != null) {
            for (Front f : o.serveFronts) {
              String name = f == Front.CHAT ? "serve" : "serve-" + f.label();
              targets.add(
                  new HttpTarget(
                      name,
                      URI.create(url + f.path()),
                      Map.of(),
                      Bodies.POOL,
                      Duration.ofSeconds(30),
                      f));
              JvmMeter meter = meters.get("serve");
              if (meter != null) {
                meters.put(name, meter); // one process serves every front
              }
            }
          }
        }
        if (o.targets.contains("portkey") && o.portkeyDir != null) {
          Optional<Gateway> g = Gateway.startPortkey(o.portkeyDir, o.out);
          if (g.isPresent()) {
            closers.add(g.get());
            targets.add(
                new HttpTarget(
                    "portkey",
                    URI.create(g.get().baseUrl() + "/v1/chat/completions"),
                    Map.of("x-portkey-config", portkeyConfig(upstream)),
                    Bodies.MODEL,
                    Duration.ofSeconds(30)));
            notes.put("portkey", "started by the harness: pid " + g.get().pid());
          } else {
            notes.put("portkey", "skipped: not available (see the harness output)");
          }
        } else if (o.targets.contains("portkey")) {
          System.out.println("portkey: skipped: no --portkey-dir (scripts/load.sh installs it)");
          notes.put("portkey", "skipped: no --portkey-dir");
        }

        // Every target must answer before it is measured; Portkey's streaming is probed apart.
        List<Target> ready = new ArrayList<>();
        for (Target t : targets) {
          String why = smoke(t, false);
          if (why == null && !t.name().equals("portkey") && o.modes.contains("stream")) {
            why = smoke(t, true);
          }
          if (why == null) {
            ready.add(t);
          } else if (t.name().equals("raw")) {
            throw new IllegalStateException("the raw baseline fails: " + why);
          } else {
            System.out.println(t.name() + ": dropped: " + why);
            notes.put(t.name(), "dropped: " + why);
          }
          if (t.name().equals("portkey")) {
            String s = probeStreaming(t);
            notes.put("portkeyStreaming", s);
            System.out.println("portkey streaming probe: " + s);
          }
        }
        report.put("notes", notes);

        List<Runner.Cell> cells = new ArrayList<>();
        System.out.println();
        System.out.println(Report.CELL_HEADER);
        for (int c : o.concurrency) {
          for (String mode : o.modes) {
            boolean stream = mode.equals("stream");
            for (Target t : ready) {
              if (stream && t.name().equals("portkey")) {
                continue; // Portkey 1.15.2 fails every stream on Node 20 (its issue #1389)
              }
              int accepted = upstream.acceptedConnections();
              Runner.Cell cell =
                  Runner.run(t, c, stream, o.warmupMs, o.measureMs, meters.get(t.name()));
              cells.add(cell);
              System.out.println(
                  Report.row(cell)
                      + "   (upstream connections opened: "
                      + (upstream.acceptedConnections() - accepted)
                      + ")");
            }
          }
        }
        report.put("cells", cells);
        report.put("upstreamActions", upstream.actionsPlayed());
        List<Map<String, Object>> comparison = Report.compare(cells);
        report.put("comparison", comparison);
        System.out.println();
        System.out.println(Report.markdown(comparison));
      } finally {
        for (Target t : targets) {
          t.close();
        }
        for (AutoCloseable c : closers) {
          c.close();
        }
      }
    }
    report.put("finished", Instant.now().toString());
    write(o, report);
  }

  /** Portkey's fallback config: both targets at the same upstream as our two routes. */
  static String portkeyConfig(LoopbackUpstream upstream) {
    StringBuilder sb = new StringBuilder("{\"strategy\":{\"mode\":\"fallback\"},\"targets\":[");
    for (int i = 0; i < Bodies.PROVIDERS.size(); i++) {
      sb.append(i == 0 ? "" : ",")
          .append("{\"provider\":\"openai\",\"api_key\":\"sk-bench-placeholder\",")
          .append("\"custom_host\":\"")
          .append(upstream.baseUrl(Bodies.PROVIDERS.get(i)))
          .append("\"}");
    }
    return sb.append("]}").toString();
  }

  private static String smoke(Target t, boolean stream) {
    try {
      t.call(stream, new Target.Probe());
      return null;
    } catch (Exception e) {
      return (stream ? "streaming" : "non-streaming") + " request failed: " + e;
    }
  }

  private static String probeStreaming(Target t) {
    int ok = 0;
    String error = null;
    for (int i = 0; i < 5; i++) {
      try {
        t.call(true, new Target.Probe());
        ok++;
      } catch (Exception e) {
        error = String.valueOf(e);
      }
    }
    return ok + "/5 streaming requests succeeded" + (error == null ? "" : "; last error: " + error);
  }

  private static void write(Options o, Map<String, Object> report) throws IOException {
    Path file = o.out.resolve(o.compareUpstreams ? "upstreams.json" : "load-results.json");
    JSON.writeValue(file.toFile(), report);
    System.out.println("results: " + file);
  }

  // ---- which upstream is fastest

  private static List<Runner.Cell> compareUpstreams(Options o) throws Exception {
    List<Runner.Cell> cells = new ArrayList<>();
    System.out.println(Report.CELL_HEADER);
    try (LoopbackUpstream loopback = LoopbackUpstream.start();
        ScriptedUpstream scripted = ScriptedUpstream.start(Map.of());
        JdkUpstream jdk = JdkUpstream.start()) {
      Map<String, String> urls = new LinkedHashMap<>();
      urls.put("loopback-raw-socket", loopback.baseUrl("bench-a") + "/chat/completions");
      urls.put("jdk-httpserver", jdk.url());
      urls.put("scripted-upstream", scripted.baseUrl("bench-a") + "/chat/completions");
      for (int c : o.concurrency) {
        if (c > ScriptedUpstream.MAX_CONNECTIONS) {
          System.out.println(
              "(concurrency "
                  + c
                  + ": scripted-upstream skipped, it serves at most "
                  + ScriptedUpstream.MAX_CONNECTIONS
                  + " connections)");
        }
        for (Map.Entry<String, String> e : urls.entrySet()) {
          if (e.getKey().equals("scripted-upstream") && c > ScriptedUpstream.MAX_CONNECTIONS) {
            continue;
          }
          try (HttpTarget t =
              new HttpTarget(
                  e.getKey(),
                  URI.create(e.getValue()),
                  Map.of(),
                  Bodies.MODEL,
                  Duration.ofSeconds(30))) {
            Runner.Cell cell = Runner.run(t, c, false, o.warmupMs, o.measureMs);
            cells.add(cell);
            System.out.println(Report.row(cell));
          }
        }
      }
    }
    return cells;
  }

  /** The JDK's {@code com.sun.net.httpserver} answering the same completion, on a cached pool. */
  static final class JdkUpstream implements AutoCloseable {
    private final HttpServer server;
    private final ExecutorService pool;

    private JdkUpstream(HttpServer server, ExecutorService pool) {
      this.server = server;
      this.pool = pool;
    }

    static JdkUpstream start() throws IOException {
      byte[] body =
          ("{\"id\":\"chatcmpl-jdk\",\"object\":\"chat.completion\",\"created\":1764441600,"
                  + "\"model\":\"bench-model\",\"choices\":[{\"index\":0,\"message\":{\"role\":"
                  + "\"assistant\",\"content\":\""
                  + LoopbackUpstream.CONTENT_TOKENS_JOINED
                  + "\"},\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":21,"
                  + "\"completion_tokens\":9,\"total_tokens\":30}}")
              .getBytes(StandardCharsets.UTF_8);
      // Without TCP_NODELAY its separate header and body writes meet delayed ACKs: ~40 ms a call.
      System.setProperty("sun.net.httpserver.nodelay", "true");
      HttpServer s = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 1024);
      ExecutorService pool = Executors.newCachedThreadPool();
      s.setExecutor(pool);
      s.createContext(
          "/",
          ex -> {
            ex.getRequestBody().readAllBytes();
            ex.getResponseHeaders().set("Content-Type", "application/json");
            ex.sendResponseHeaders(200, body.length);
            try (OutputStream out = ex.getResponseBody()) {
              out.write(body);
            }
          });
      s.start();
      return new JdkUpstream(s, pool);
    }

    String url() {
      return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1/chat/completions";
    }

    @Override
    public void close() {
      server.stop(0);
      pool.shutdownNow();
    }
  }

  // ---- options

  static final class Options {
    List<Integer> concurrency = List.of(1, 16, 64, 256);
    long warmupMs = 1000;
    long measureMs = 3000;
    List<String> modes = List.of("nonstream", "stream");
    List<String> targets = List.of("raw", "in-process", "serve", "portkey");
    Path serveJar = Path.of("cli/target/orchestrator.jar");
    List<Front> serveFronts = List.of(Front.CHAT);
    String serveUrl;
    List<String> serveJavaOpts = List.of();
    int upstreamPort;
    Path portkeyDir;
    Path out = Path.of("benchmarks/target/load");
    boolean compareUpstreams;

    static Options parse(String[] args) {
      Options o = new Options();
      Args.each(
          args,
          Set.of("--compare-upstreams"),
          (a, v) -> {
            switch (a) {
              case "--compare-upstreams" -> o.compareUpstreams = true;
              case "--concurrency" -> {
                o.concurrency = new ArrayList<>();
                for (String s : v.split(",")) {
                  o.concurrency.add((int) Args.bounded(a, s, 1, 1024));
                }
              }
              case "--warmup-ms" -> o.warmupMs = Args.bounded(a, v, 0, 60_000);
              case "--measure-ms" -> o.measureMs = Args.bounded(a, v, 100, 120_000);
              case "--modes" -> {
                o.modes = List.of(v.split(","));
                o.modes.forEach(m -> Args.oneOf(a, m, "nonstream", "stream"));
              }
              case "--targets" -> o.targets = List.of(v.split(","));
              case "--serve-jar" -> o.serveJar = Path.of(v);
              case "--serve-fronts" ->
                  o.serveFronts = Arrays.stream(v.split(",")).map(Front::of).toList();
              case "--serve-url" -> {
                o.serveUrl = v.endsWith("/") ? v.substring(0, v.length() - 1) : v;
                if (!o.serveUrl.startsWith("http://127.0.0.1:")
                    && !o.serveUrl.startsWith("http://localhost:")) {
                  throw new IllegalArgumentException(
                      "--serve-url: " + v + " (expected: http://127.0.0.1:PORT — loopback only)");
                }
              }
              case "--serve-java-opts" -> o.serveJavaOpts = Args.words(v);
              case "--upstream-port" -> o.upstreamPort = (int) Args.bounded(a, v, 0, 65535);
              case "--portkey-dir" -> o.portkeyDir = Path.of(v);
              case "--out" -> o.out = Path.of(v);
              default -> throw Args.unknown(a);
            }
          });
      return o;
    }

    Map<String, Object> describe() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("concurrency", concurrency);
      m.put("warmupMs", warmupMs);
      m.put("measureMs", measureMs);
      m.put("modes", modes);
      m.put("targets", targets);
      m.put("serveJar", serveJar.toString());
      m.put("serveFronts", serveFronts.stream().map(Front::label).toList());
      m.put("serveUrl", serveUrl);
      m.put("serveJavaOpts", serveJavaOpts);
      m.put("portkeyDir", portkeyDir == null ? null : portkeyDir.toString());
      return m;
    }
  }

  static String fmt(double v) {
    return String.format(Locale.ROOT, "%.1f", v);
  }
}
