package dev.orchestrator.health.redis;

import io.lettuce.core.RedisURI;
import java.net.URI;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where the store connects: a {@code redis://} or {@code rediss://} URI, optionally with {@code
 * user:password@} (or {@code password@}) and a {@code /db}. Its {@link #toString()} and {@link
 * #scrub} never show the password, and what is shown of it never the user name either. Immutable.
 */
final class RedisTarget {
  private static final String EXPECTED =
      "expected: redis://[user:password@]host:port[/db] or rediss://…";
  private static final Pattern USERINFO = Pattern.compile("(?<=://)[^@/]*@");

  private final RedisURI uri;
  private final String shown;
  private final String password;

  private RedisTarget(RedisURI uri, String shown, String password) {
    this.uri = uri;
    this.shown = shown;
    this.password = password;
  }

  /**
   * Parses {@code text}.
   *
   * @throws IllegalArgumentException naming the URI (without its password) and the expected form
   */
  static RedisTarget parse(String text) {
    Objects.requireNonNull(text, "uri");
    String redacted = redact(text.strip());
    if (!text.startsWith("redis://") && !text.startsWith("rediss://")) {
      throw new IllegalArgumentException("health store: " + redacted + " (" + EXPECTED + ")");
    }
    RedisURI uri;
    try {
      uri = RedisURI.create(text);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("health store: " + redacted + " (" + EXPECTED + ")");
    }
    if (uri.getHost() == null || uri.getHost().isBlank()) {
      throw new IllegalArgumentException("health store: " + redacted + " (" + EXPECTED + ")");
    }
    String info = userInfo(text);
    int colon = info == null ? -1 : info.indexOf(':');
    String password = info == null ? null : info.substring(colon + 1);
    password = password == null || password.isEmpty() ? null : password;
    String shown =
        (uri.isSsl() ? "rediss://" : "redis://")
            + (uri.getHost().contains(":") ? "[" + uri.getHost() + "]" : uri.getHost())
            + ":"
            + uri.getPort()
            + (uri.getDatabase() == 0 ? "" : "/" + uri.getDatabase());
    return new RedisTarget(uri, shown, password);
  }

  /** The decoded user-info part of {@code text}, or {@code null}. */
  private static String userInfo(String text) {
    try {
      return URI.create(text).getUserInfo();
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** The user-info part of a URI text (user name and password) replaced by a mask. */
  static String redact(String text) {
    return USERINFO.matcher(text).replaceFirst(Matcher.quoteReplacement("****@"));
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
