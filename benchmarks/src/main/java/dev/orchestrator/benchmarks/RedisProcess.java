package dev.orchestrator.benchmarks;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A private {@code redis-server} for a benchmark: the Debian package's binary ({@code
 * -Dredis.server=PATH} overrides {@code /usr/bin/redis-server}) on a free loopback port,
 * persistence off, never a system instance. {@link #kill()} and {@link #restart()} keep the port.
 * Not thread-safe.
 */
public final class RedisProcess implements AutoCloseable {
  private final String binary = System.getProperty("redis.server", "/usr/bin/redis-server");
  private final Path dir;
  private final int port;
  private Process process;

  private RedisProcess(Path dir, int port) {
    this.dir = dir;
    this.port = port;
  }

  /** Starts one and waits until it listens. */
  public static RedisProcess start() throws IOException, InterruptedException {
    int port;
    try (ServerSocket s = new ServerSocket()) {
      s.bind(new InetSocketAddress("127.0.0.1", 0));
      port = s.getLocalPort();
    }
    RedisProcess r = new RedisProcess(Files.createTempDirectory("bench-redis-"), port);
    r.restart();
    return r;
  }

  /** {@code redis://127.0.0.1:PORT}. */
  public String uri() {
    return "redis://127.0.0.1:" + port;
  }

  /** Kills it at once (SIGKILL). */
  public void kill() throws InterruptedException {
    if (process != null) {
      process.destroyForcibly().waitFor(20, TimeUnit.SECONDS);
    }
  }

  /** Starts it (again) on the same port, empty, and waits until it listens. */
  public void restart() throws IOException, InterruptedException {
    process =
        new ProcessBuilder(
                binary,
                "--port",
                String.valueOf(port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                dir.toString())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("redis.log").toFile()))
            .start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (System.nanoTime() < deadline) {
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress("127.0.0.1", port), 500);
        return;
      } catch (IOException notYet) {
        if (!process.isAlive()) {
          throw new IOException("redis-server exited; see " + dir.resolve("redis.log"));
        }
        Thread.sleep(20);
      }
    }
    throw new IOException("redis-server did not listen on " + port + " within 20 s");
  }

  @Override
  public void close() throws InterruptedException {
    kill();
  }
}
