package dev.orchestrator.health.redis;

import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.output.StatusOutput;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A private {@code redis-server} for one test class: the Debian package's binary on a free loopback
 * port, persistence off ({@code --save '' --appendonly no}), its files in a temporary directory
 * that {@link #close()} deletes; never a system instance. Without the binary the test is skipped
 * with a message naming the package — except under {@code CI=true}, where it fails. {@link #kill()}
 * and {@link #restart()} keep the port, so clients can reconnect. Not thread-safe.
 */
final class RedisServer implements AutoCloseable {
  private static final String PACKAGE = "redis-server";

  private final Path binary;
  private final Path dir;
  private final List<String> extra;
  private final int port;
  private Process process;

  private RedisServer(Path binary, Path dir, int port, List<String> extra) {
    this.binary = binary;
    this.dir = dir;
    this.port = port;
    this.extra = extra;
  }

  /** Starts a server, with {@code extra} configuration arguments (such as {@code --user …}). */
  static RedisServer start(String... extra) throws IOException {
    Path binary = find();
    Path dir = Files.createTempDirectory("redis-test-");
    IOException last = null;
    for (int attempt = 0; attempt < 5; attempt++) {
      RedisServer s = new RedisServer(binary, dir, freePort(), List.of(extra));
      try {
        s.launch();
        return s;
      } catch (IOException e) {
        last = e; // the port was taken between probing and binding: try another
      }
    }
    throw last;
  }

  /**
   * Starts a server whose only user is {@code user} with {@code password} and every right (the
   * default user off), so a store must log in.
   */
  static RedisServer startWithUser(String user, String password) throws IOException {
    return start(
        "--user", "default", "off", "--user", user, "on", ">" + password, "~*", "&*", "+@all");
  }

  /**
   * Sends {@code DEBUG SLEEP seconds} on {@code c} without waiting for it: the server keeps its
   * data but answers nobody until the sleep is over.
   */
  static void debugSleep(StatefulRedisConnection<String, String> c, String seconds) {
    c.async()
        .dispatch(
            CommandType.DEBUG,
            new StatusOutput<>(StringCodec.UTF8),
            new CommandArgs<>(StringCodec.UTF8).add("SLEEP").add(seconds));
  }

  /** A loopback port nothing listens on (bound and released): a Redis that is not there. */
  static int closedPort() {
    try (ServerSocket s = new ServerSocket()) {
      s.bind(new InetSocketAddress("127.0.0.1", 0));
      return s.getLocalPort();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Path find() {
    String override = System.getenv("REDIS_SERVER");
    List<Path> candidates = new ArrayList<>();
    if (override != null && !override.isBlank()) {
      candidates.add(Path.of(override));
    }
    for (String p : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
      if (!p.isEmpty()) {
        candidates.add(Path.of(p, "redis-server"));
      }
    }
    candidates.add(Path.of("/usr/bin/redis-server"));
    for (Path c : candidates) {
      if (Files.isExecutable(c)) {
        return c;
      }
    }
    String message =
        "redis-server not found on PATH or at /usr/bin/redis-server: install the Debian package "
            + PACKAGE
            + " (apt-get install -y "
            + PACKAGE
            + ") or set REDIS_SERVER";
    if ("true".equalsIgnoreCase(System.getenv("CI"))) {
      throw new IllegalStateException(message + " (CI=true: the Redis tests must run)");
    }
    Assumptions.abort(message);
    throw new AssertionError("unreachable");
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket()) {
      s.setReuseAddress(false);
      s.bind(new InetSocketAddress("127.0.0.1", 0));
      return s.getLocalPort();
    }
  }

  private void launch() throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(binary.toString());
    cmd.addAll(
        List.of(
            "--port", String.valueOf(port),
            "--bind", "127.0.0.1",
            "--save", "",
            "--appendonly", "no",
            "--daemonize", "no",
            "--dir", dir.toString(),
            "--logfile", ""));
    cmd.addAll(extra);
    process =
        new ProcessBuilder(cmd)
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("redis-" + port + ".log").toFile())
            .start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IOException(
            "redis-server exited: " + Files.readString(dir.resolve("redis-" + port + ".log")));
      }
      if (answersPing()) {
        return;
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted starting redis-server", e);
      }
    }
    process.destroyForcibly();
    throw new IOException("redis-server on port " + port + " did not answer PING within 20 s");
  }

  private boolean answersPing() {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
      s.setSoTimeout(1000);
      OutputStream out = s.getOutputStream();
      out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = s.getInputStream();
      byte[] buf = new byte[64];
      int n = in.read(buf);
      // +PONG, or -NOAUTH when a password is required: either way the server is up.
      return n > 0 && (buf[0] == '+' || buf[0] == '-');
    } catch (IOException e) {
      return false;
    }
  }

  /** The port. */
  int port() {
    return port;
  }

  /** {@code redis://127.0.0.1:PORT}. */
  String uri() {
    return "redis://127.0.0.1:" + port;
  }

  /** Kills the server at once (SIGKILL): no goodbye to its clients. */
  void kill() {
    if (process != null) {
      process.destroyForcibly();
      try {
        process.waitFor(20, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Starts the server again on the same port, empty (persistence is off). */
  void restart() throws IOException {
    launch();
  }

  /**
   * Kills the server and deletes its temporary directory (its log), so no run leaves one behind.
   */
  @Override
  public void close() {
    kill();
    if (Files.notExists(dir)) {
      return; // closed before
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(f);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("could not delete " + dir, e);
    }
  }
}
