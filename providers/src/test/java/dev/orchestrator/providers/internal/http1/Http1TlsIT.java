package dev.orchestrator.providers.internal.http1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.orchestrator.providers.internal.RequestHeaders;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SNIMatcher;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code https} over a real TLS server on 127.0.0.1 with a certificate for {@code localhost} only
 * (made by the JDK's {@code keytool}; skipped when it is missing): the client sends SNI, verifies
 * the host name against the certificate, and keeps the TLS connection alive.
 */
@Timeout(60)
class Http1TlsIT {
  private static final String PASSWORD = "changeit";

  @TempDir static Path dir;

  private static SSLServerSocket server;
  private static SSLContext clientContext;
  private static final List<String> serverNames = new CopyOnWriteArrayList<>();
  private static final List<Integer> connections = new CopyOnWriteArrayList<>();

  @BeforeAll
  static void start() throws Exception {
    Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
    assumeTrue(Files.isExecutable(keytool), "keytool not found in java.home");
    Path store = dir.resolve("server.p12");
    Process p =
        new ProcessBuilder(
                keytool.toString(),
                "-genkeypair",
                "-alias",
                "server",
                "-keyalg",
                "EC",
                "-groupname",
                "secp256r1",
                "-dname",
                "CN=localhost",
                "-ext",
                "SAN=dns:localhost",
                "-validity",
                "2",
                "-storetype",
                "PKCS12",
                "-keystore",
                store.toString(),
                "-storepass",
                PASSWORD,
                "-keypass",
                PASSWORD)
            .redirectErrorStream(true)
            .start();
    p.getInputStream().readAllBytes();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isZero();

    KeyStore ks = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(store)) {
      ks.load(in, PASSWORD.toCharArray());
    }
    KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    kmf.init(ks, PASSWORD.toCharArray());
    SSLContext serverContext = SSLContext.getInstance("TLS");
    serverContext.init(kmf.getKeyManagers(), null, null);
    TrustManagerFactory tmf =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    tmf.init(ks);
    clientContext = SSLContext.getInstance("TLS");
    clientContext.init(null, tmf.getTrustManagers(), null);

    server =
        (SSLServerSocket)
            serverContext
                .getServerSocketFactory()
                .createServerSocket(0, 10, InetAddress.getLoopbackAddress());
    SSLParameters params = server.getSSLParameters();
    params.setSNIMatchers(List.of(new Recorder()));
    server.setSSLParameters(params);
    Thread t = new Thread(Http1TlsIT::accept, "tls-server");
    t.setDaemon(true);
    t.start();
  }

  @AfterAll
  static void stop() throws IOException {
    if (server != null) {
      server.close();
    }
  }

  private static Http1Client client() {
    return new Http1Client(
        Duration.ofSeconds(5), clientContext, 64 * 1024, 4, Duration.ofSeconds(30));
  }

  private static String post(Http1Client c, String host) throws IOException {
    URI uri = URI.create("https://" + host + ":" + server.getLocalPort() + "/v1/chat/completions");
    Http1Response r =
        c.post(uri, new RequestHeaders(), new byte[] {'{', '}'}, new Http1Exchange(), () -> {});
    try (InputStream in = r.body()) {
      return r.head().status() + " " + new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void sendsSniVerifiesTheHostAndKeepsTheConnection() throws Exception {
    Http1Client c = client();
    int before = connections.size();
    assertThat(post(c, "localhost")).isEqualTo("200 ok");
    assertThat(post(c, "localhost")).isEqualTo("200 ok");
    assertThat(serverNames).contains("localhost");
    assertThat(connections.size() - before).isEqualTo(1);
  }

  /** The reaper reads under the TLS layer: an open idle TLS connection stays usable after it. */
  @Test
  void theReapersProbeLeavesAnIdleTlsConnectionUsable() throws Exception {
    java.util.concurrent.atomic.AtomicLong now = new java.util.concurrent.atomic.AtomicLong();
    Http1Client c =
        new Http1Client(
            Duration.ofSeconds(5),
            clientContext,
            64 * 1024,
            4,
            Duration.ofSeconds(30),
            now::get,
            false);
    int before = connections.size();
    assertThat(post(c, "localhost")).isEqualTo("200 ok");
    now.addAndGet(ConnectionPool.REAP_EVERY.toNanos());
    c.reapIdle();
    c.reapIdle();
    assertThat(c.idleConnections()).isEqualTo(1);
    assertThat(post(c, "localhost")).isEqualTo("200 ok");
    assertThat(connections.size() - before).isEqualTo(1);
  }

  @Test
  void refusesACertificateThatDoesNotNameTheHost() {
    assertThatThrownBy(() -> post(client(), "127.0.0.1")).isInstanceOf(SSLHandshakeException.class);
  }

  private static void accept() {
    while (!server.isClosed()) {
      try {
        Socket s = server.accept();
        connections.add(1);
        Thread t = new Thread(() -> serve(s), "tls-server-conn");
        t.setDaemon(true);
        t.start();
      } catch (IOException e) {
        return;
      }
    }
  }

  private static void serve(Socket s) {
    try (s) {
      InputStream in = new BufferedInputStream(s.getInputStream());
      OutputStream out = s.getOutputStream();
      while (true) {
        if (KeepAliveServer.readRequest(in, new ArrayList<>()) == null) {
          return;
        }
        out.write(
            "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok".getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
      }
    } catch (IOException e) {
      // the client left, or refused the certificate
    }
  }

  /** Accepts every server name and records it. */
  private static final class Recorder extends SNIMatcher {
    Recorder() {
      super(0); // host_name
    }

    @Override
    public boolean matches(SNIServerName name) {
      serverNames.add(new String(name.getEncoded(), StandardCharsets.US_ASCII));
      return true;
    }
  }
}
