package dev.orchestrator.engine.internal;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.engine.health.SharedState;
import dev.orchestrator.engine.plan.Plan;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Base64;

/**
 * Keeps a conversation on the route that last answered it (docs/design.md §5): while that route is
 * still among a request's candidates, it goes first, so its prompt cache stays warm and the model
 * does not change under a running agent. A failover moves the session to the route that answered.
 * Only the order changes: a route the plan left out (health, the free boundary, a missing key) is
 * never brought back.
 *
 * <p>A session is {@link ChatRequest#session()} when the caller names one, else a fingerprint of
 * the system messages and the first user message (the part of an agent's history that every turn
 * repeats), each within the requested model. A fingerprint is only followed by a request that
 * continues a conversation (its history holds an assistant turn): independent requests that happen
 * to share a prompt are planned as ever, so a recovered route gets them back. Sessions are kept for
 * a time-to-live after their last answer and at most {@value #MAX_SESSIONS} at once; only digests
 * are kept, never the text. A fleet shares sessions through the health store's {@link SharedState}
 * (docs/design.md §5): a replica that has not seen a continuing conversation asks the store for its
 * route, and an answer is written there when the session's route changes or half its time-to-live
 * has passed since the last write — never on every answer. Thread-safe.
 */
public final class SessionAffinity {
  /** The most sessions remembered at once (the least recently answered go first). */
  static final int MAX_SESSIONS = 100_000;

  /** Looked up once; each key is digested by a copy ({@link #sha256()}). */
  private static final MessageDigest SHA256 = lookUpSha256();

  /** A session's route and when this process last wrote it to the shared state (ticker nanos). */
  private record Entry(String route, long sharedAt) {}

  private final Cache<String, Entry> routes;
  private final SharedState shared;
  private final Ticker ticker;
  private final Duration ttl;

  private SessionAffinity(
      Cache<String, Entry> routes, SharedState shared, Ticker ticker, Duration ttl) {
    this.routes = routes;
    this.shared = shared;
    this.ticker = ticker;
    this.ttl = ttl;
  }

  /** Sessions kept {@code ttl} after their last answer on {@code ticker}; zero turns it off. */
  public static SessionAffinity of(Duration ttl, Ticker ticker) {
    return of(ttl, ticker, SharedState.NONE);
  }

  /** As {@link #of(Duration, Ticker)}, shared with a fleet through {@code shared}. */
  public static SessionAffinity of(Duration ttl, Ticker ticker, SharedState shared) {
    if (ttl.isZero()) {
      return new SessionAffinity(null, shared, ticker, ttl);
    }
    return new SessionAffinity(
        Caffeine.newBuilder()
            // Maintenance on the caller's thread: a put per answer would otherwise wake a pool
            // thread per call (measured: docs/benchmarks.md §1).
            .executor(Runnable::run)
            .expireAfterWrite(ttl)
            .maximumSize(MAX_SESSIONS)
            .ticker(ticker)
            .build(),
        shared,
        ticker,
        ttl);
  }

  /**
   * One request's session: its key is made (a digest of the session or the conversation's start) at
   * most once, for both {@link #apply} and {@link #answered}. Used by the request's thread.
   */
  public static final class Session {
    private final ChatRequest request;
    private String key;

    private Session(ChatRequest request) {
      this.request = request;
    }

    private String key() {
      if (key == null) {
        key = SessionAffinity.key(request);
      }
      return key;
    }
  }

  /** {@code request}'s session, to {@link #apply} to its plan and to tell who {@link #answered}. */
  public Session session(ChatRequest request) {
    return new Session(request);
  }

  /** {@code plan} with the session's route first, when it last answered and is a candidate. */
  public Plan apply(Session session, Plan plan) {
    ChatRequest request = session.request;
    if (routes == null
        || plan.candidates().size() < 2
        || request.session() == null && !continues(request)) {
      return plan;
    }
    String key = session.key();
    Entry e = routes.getIfPresent(key);
    if (e == null) {
      String fleet = shared.get(sharedKey(key));
      if (fleet != null) {
        e = new Entry(fleet, ticker.read());
        routes.put(key, e);
      }
    }
    return e == null ? plan : plan.preferring(e.route());
  }

  /** Remembers that {@code route} answered the session. */
  public void answered(Session session, String route) {
    if (routes == null) {
      return;
    }
    String key = session.key();
    long now = ticker.read();
    if (shared == SharedState.NONE) {
      // Nothing is shared: when the entry was last written to a fleet does not matter.
      routes.put(key, new Entry(route, now));
      return;
    }
    Entry e = routes.getIfPresent(key);
    boolean share = e == null || !e.route().equals(route) || now - e.sharedAt() > ttl.toNanos() / 2;
    routes.put(key, new Entry(route, share ? now : e.sharedAt()));
    if (share) {
      shared.put(sharedKey(key), route, ttl);
    }
  }

  /** The session's name in the shared state: no newline, only the model and a digest. */
  private static String sharedKey(String key) {
    return "session:" + key.replace('\n', ' ');
  }

  private static boolean continues(ChatRequest r) {
    for (ChatMessage m : r.messages()) {
      if (m.role() == Role.ASSISTANT) {
        return true;
      }
    }
    return false;
  }

  /** The session's key: the requested model and a digest of the session or its fingerprint. */
  static String key(ChatRequest r) {
    MessageDigest d = sha256();
    if (r.session() != null) {
      update(d, "session");
      update(d, r.session());
    } else {
      update(d, "fingerprint");
      for (ChatMessage m : r.messages()) {
        if (m.role() == Role.SYSTEM) {
          update(d, m.content());
        } else if (m.role() == Role.USER) {
          update(d, m.content());
          break;
        }
      }
    }
    return r.model() + '\n' + Base64.getEncoder().encodeToString(d.digest());
  }

  private static void update(MessageDigest d, String s) {
    byte[] b = (s == null ? "" : s).getBytes(StandardCharsets.UTF_8);
    d.update((byte) (b.length >>> 24));
    d.update((byte) (b.length >>> 16));
    d.update((byte) (b.length >>> 8));
    d.update((byte) b.length);
    d.update(b);
  }

  /** A fresh SHA-256 digest: a copy of one looked up once, not a provider lookup per answer. */
  private static MessageDigest sha256() {
    try {
      return (MessageDigest) SHA256.clone();
    } catch (CloneNotSupportedException e) {
      throw new IllegalStateException("the JDK's SHA-256 is cloneable", e);
    }
  }

  private static MessageDigest lookUpSha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every JDK", e);
    }
  }
}
