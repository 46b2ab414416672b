package dev.orchestrator.benchmarks.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A gateway process the harness starts on 127.0.0.1 and stops when done: the project's {@code
 * serve} command, or the Portkey gateway under Node. Output goes to a log file. Starting returns
 * empty, with the reason printed, when the gateway is not available, so a run goes on without it.
 */
public final class Gateway implements AutoCloseable {
  private final String name;
  private final Process process;
  private final String baseUrl;
  private final Path log;

  private Gateway(String name, Process process, String baseUrl, Path log) {
    this.name = name;
    this.process = process;
    this.baseUrl = baseUrl;
    this.log = log;
  }

  /** {@code http://127.0.0.1:PORT}. */
  public String baseUrl() {
    return baseUrl;
  }

  /** The process id. */
  public long pid() {
    return process.pid();
  }

  /** The process's log file. */
  public Path log() {
    return log;
  }

  /**
   * Starts {@code java -jar <jar> serve --host 127.0.0.1 --port <free> --catalog <catalog>} with
   * {@code BENCH_API_KEY} set, once {@code serve --help} shows the jar has the command; waits for
   * {@code GET /healthz}.
   *
   * @param javaOpts JVM options for the serve process (may be empty)
   */
  public static Optional<Gateway> startServe(
      Path jar, Path catalog, List<String> javaOpts, Path workDir) {
    return startServe(jar, catalog, javaOpts, List.of(), workDir);
  }

  /** As above, with extra {@code serve} options (e.g. the policy the in-process run uses). */
  public static Optional<Gateway> startServe(
      Path jar, Path catalog, List<String> javaOpts, List<String> serveArgs, Path workDir) {
    if (!Files.isRegularFile(jar)) {
      System.out.println(
          "serve: skipped: no CLI jar at " + jar + " (build it: mvn -B -q -DskipTests package)");
      return Optional.empty();
    }
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    try {
      Process help =
          new ProcessBuilder(java, "-jar", jar.toString(), "serve", "--help")
              .redirectErrorStream(true)
              .start();
      String out = new String(help.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      // An unknown subcommand before --help prints the top-level usage and exits 0 (picocli):
      // only the command's own usage line proves it exists.
      if (!help.waitFor(60, TimeUnit.SECONDS)
          || help.exitValue() != 0
          || !out.contains("Usage: orchestrator serve")) {
        help.destroyForcibly();
        System.out.println(
            "serve: skipped: this CLI jar has no working 'serve' command yet ("
                + (out.contains("Usage: orchestrator serve") ? firstLine(out) : "no such command")
                + ")");
        return Optional.empty();
      }
    } catch (IOException | InterruptedException e) {
      System.out.println("serve: skipped: cannot run " + jar + ": " + e);
      return Optional.empty();
    }
    jar = jar.toAbsolutePath();
    catalog = catalog.toAbsolutePath();
    int port = freePort();
    List<String> cmd = new ArrayList<>();
    cmd.add(java);
    cmd.addAll(javaOpts);
    cmd.addAll(
        List.of(
            "-jar",
            jar.toString(),
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            String.valueOf(port),
            "--catalog",
            catalog.toString()));
    cmd.addAll(serveArgs);
    return start(
        "serve", cmd, Map.of("BENCH_API_KEY", "sk-bench-placeholder"), port, "/healthz", workDir);
  }

  /**
   * Starts the Portkey gateway installed under {@code dir} ({@code npm install
   * @portkey-ai/gateway@1.15.2} there): {@code node --import <bind-loopback.mjs>
   * .../build/start-server.js --headless --port=<free>}. The import makes it listen on 127.0.0.1
   * only (its start script passes no host, so Node would listen on every interface).
   */
  public static Optional<Gateway> startPortkey(Path dir, Path workDir) {
    Path script =
        dir.toAbsolutePath().resolve("node_modules/@portkey-ai/gateway/build/start-server.js");
    if (!Files.isRegularFile(script)) {
      System.out.println("portkey: skipped: not installed (no " + script + ")");
      return Optional.empty();
    }
    Path bind = workDir.toAbsolutePath().resolve("bind-loopback.mjs");
    try {
      Files.writeString(bind, BIND_LOOPBACK);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    int port = freePort();
    List<String> cmd =
        List.of(
            "node",
            "--import",
            bind.toUri().toString(),
            script.toString(),
            "--headless",
            "--port=" + port);
    return start("portkey", cmd, Map.of(), port, "/", workDir);
  }

  /** Forces every {@code listen()} of the Node process onto 127.0.0.1. */
  static final String BIND_LOOPBACK =
      "import net from 'node:net';\n"
          + "const listen = net.Server.prototype.listen;\n"
          + "net.Server.prototype.listen = function (...args) {\n"
          + "  if (typeof args[0] === 'number' || typeof args[0] === 'string') {\n"
          + "    if (typeof args[1] === 'string' || args[1] === undefined) args[1] = '127.0.0.1';\n"
          + "    else args.splice(1, 0, '127.0.0.1');\n"
          + "  } else if (args[0] && typeof args[0] === 'object') {\n"
          + "    args[0] = { ...args[0], host: '127.0.0.1' };\n"
          + "  }\n"
          + "  return listen.apply(this, args);\n"
          + "};\n";

  private static Optional<Gateway> start(
      String name,
      List<String> cmd,
      Map<String, String> env,
      int port,
      String readyPath,
      Path workDir) {
    Path log = workDir.resolve(name + ".log");
    Process p;
    try {
      ProcessBuilder pb =
          new ProcessBuilder(cmd)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .directory(workDir.toFile());
      pb.environment().putAll(env);
      p = pb.start();
    } catch (IOException e) {
      System.out.println(name + ": skipped: cannot start " + cmd.get(0) + ": " + e.getMessage());
      return Optional.empty();
    }
    Gateway g = new Gateway(name, p, "http://127.0.0.1:" + port, log);
    HttpClient http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofMillis(500))
            .build();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline && p.isAlive()) {
      try {
        HttpResponse<Void> r =
            http.send(
                HttpRequest.newBuilder(URI.create(g.baseUrl + readyPath))
                    .timeout(Duration.ofSeconds(2))
                    .GET()
                    .build(),
                HttpResponse.BodyHandlers.discarding());
        if (r.statusCode() < 500) {
          System.out.println(
              name + ": started, pid " + p.pid() + ", " + g.baseUrl + " (log " + log + ")");
          return Optional.of(g);
        }
      } catch (IOException e) {
        // not listening yet
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    String why = p.isAlive() ? "not ready within 60 s" : "exited with " + p.exitValue();
    g.close();
    System.out.println(name + ": skipped: " + why + " (see " + log + ")");
    return Optional.empty();
  }

  /** Stops the process: a polite signal, then a forced kill after 5 s. */
  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(5, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        process.waitFor(5, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public String toString() {
    return "Gateway[" + name + " pid " + process.pid() + " " + baseUrl + "]";
  }

  static int freePort() {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String firstLine(String s) {
    String t = s.strip();
    int nl = t.indexOf('\n');
    return (nl < 0 ? t : t.substring(0, nl)).strip();
  }
}
