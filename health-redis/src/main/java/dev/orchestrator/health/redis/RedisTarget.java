package dev.orchestrator.health.redis;

import io.lettuce.core.RedisURI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Where the store connects: a {@code redis://} or {@code rediss://} URI, optionally with {@code
 * user:password@} (or {@code password@}) and a {@code /db}. Its {@link #toString()} and {@link
 * #scrub} never show the password, and what is shown of it never the user name either. Immutable.
 */
final class RedisTarget {
  private static final String EXPECTED =
      "expected: redis://[user:password@]host:port[/db] or rediss://…";
  private static final Pattern DIGITS = Pattern.compile("[0-9]{1,9}");

  private final RedisURI uri;
  private final String shown;
  private final String password;

  private RedisTarget(RedisURI uri, String shown, String password) {
    this.uri = uri;
    this.shown = shown;
    this.password = password;
  }

  /**
   * Parses {@code text}: the host (a name, an address, or an IPv6 address in brackets), a port from
   * 1 to 65535 (default 6379) and a database number are checked here, before Lettuce reads the rest
   * (Lettuce takes {@code host:abc} for a host named so on the default port).
   *
   * @throws IllegalArgumentException naming the URI (without its user information) and what is
   *     wrong with it
   */
  static RedisTarget parse(String text) {
    Objects.requireNonNull(text, "uri");
    String redacted = redact(text.strip());
    if (!text.startsWith("redis://") && !text.startsWith("rediss://")) {
      throw new IllegalArgumentException("health store: " + redacted + " (" + EXPECTED + ")");
    }
    String rest = text.substring(text.indexOf("://") + 3);
    int at = rest.lastIndexOf('@');
    if (at >= 0 && indexOfAny(rest.substring(0, at), "/?#", 0) >= 0) {
      throw bad(redacted, "the user information holds '/', '?' or '#' not percent-encoded");
    }
    int hostStart = at + 1;
    int end = indexOfAny(rest, "/?#", hostStart);
    String hostPort = rest.substring(hostStart, end < 0 ? rest.length() : end);
    String host;
    String port;
    if (hostPort.startsWith("[")) {
      int close = hostPort.indexOf(']');
      if (close < 0 || (close + 1 < hostPort.length() && hostPort.charAt(close + 1) != ':')) {
        throw bad(redacted, "an IPv6 host is written [address] or [address]:port");
      }
      host = hostPort.substring(1, close);
      port = close + 1 < hostPort.length() ? hostPort.substring(close + 2) : "";
    } else {
      int colon = hostPort.indexOf(':');
      host = colon < 0 ? hostPort : hostPort.substring(0, colon);
      port = colon < 0 ? "" : hostPort.substring(colon + 1);
    }
    if (host.isBlank()) {
      throw bad(redacted, "no host");
    }
    int portNumber = RedisURI.DEFAULT_REDIS_PORT;
    if (!port.isEmpty()) {
      portNumber = DIGITS.matcher(port).matches() ? Integer.parseInt(port) : 0;
      if (portNumber < 1 || portNumber > 65535) {
        throw bad(redacted, "port '" + port + "' is not a number from 1 to 65535");
      }
    }
    String path = end < 0 || rest.charAt(end) != '/' ? "" : rest.substring(end + 1);
    int q = indexOfAny(path, "?#", 0);
    String db = q < 0 ? path : path.substring(0, q);
    if (!db.isEmpty() && !DIGITS.matcher(db).matches()) {
      throw bad(redacted, "database '" + db + "' is not a number");
    }
    RedisURI uri;
    try {
      uri = RedisURI.create(text);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("health store: " + redacted + " (" + EXPECTED + ")");
    }
    // Lettuce keeps what it could not read as a server (a port that is not a number, a host with
    // an underscore) in the host, on the default port: the host and port are the ones read here.
    uri.setHost(host);
    uri.setPort(portNumber);
    String info = userInfo(text);
    int colon = info == null ? -1 : info.indexOf(':');
    String password = info == null ? null : info.substring(colon + 1);
    password = password == null || password.isEmpty() ? null : password;
    String shown =
        (uri.isSsl() ? "rediss://" : "redis://")
            + (host.contains(":") ? "[" + host + "]" : host)
            + ":"
            + portNumber
            + (uri.getDatabase() == 0 ? "" : "/" + uri.getDatabase());
    return new RedisTarget(uri, shown, password);
  }

  private static IllegalArgumentException bad(String redacted, String problem) {
    return new IllegalArgumentException(
        "health store: " + redacted + ": " + problem + " (" + EXPECTED + ")");
  }

  /** The first index at or after {@code from} of one of {@code chars} in {@code s}, or -1. */
  private static int indexOfAny(String s, String chars, int from) {
    for (int i = from; i < s.length(); i++) {
      if (chars.indexOf(s.charAt(i)) >= 0) {
        return i;
      }
    }
    return -1;
  }

  /** The decoded user-info part of {@code text}, or {@code null}. */
  private static String userInfo(String text) {
    int scheme = text.indexOf("://") + 3;
    int at = text.lastIndexOf('@');
    if (at < scheme) {
      return null;
    }
    try {
      return URLDecoder.decode(
          text.substring(scheme, at).replace("+", "%2B"), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return text.substring(scheme, at);
    }
  }

  /**
   * The user-info part of a URI text (user name and password: everything between the scheme and the
   * last {@code @}) replaced by a mask.
   */
  static String redact(String text) {
    int scheme = text.indexOf("://");
    int at = text.lastIndexOf('@');
    if (scheme < 0 || at < scheme + 3) {
      return text;
    }
    return text.substring(0, scheme + 3) + "****" + text.substring(at);
  }

  /** The Lettuce URI (holds the password; never printed). */
  RedisURI uri() {
    return uri;
  }

  /** {@code text} with any occurrence of the password masked. */
  String scrub(String text) {
    if (text == null) {
      return "";
    }
    return password == null ? text : text.replace(password, "****");
  }

  /** {@code redis[s]://host:port[/db]}: never the password, nor the user name. */
  @Override
  public String toString() {
    return shown;
  }
}
