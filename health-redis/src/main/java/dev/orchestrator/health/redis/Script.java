package dev.orchestrator.health.redis;

import io.lettuce.core.ScriptOutputType;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Set;

/**
 * The Lua scripts, one per operation, loaded from resources next to this class. Route scripts get
 * {@code lib.lua} prepended (the shared snapshot, version and publish helpers). Each carries its
 * SHA-1 so it runs by {@code EVALSHA}, falling back to {@code EVAL} once per server that does not
 * know it yet. Immutable.
 */
enum Script {
  /** The route's snapshot, unchanged. */
  READ("read", ScriptOutputType.VALUE),
  /** The fleet's one half-open probe: a lease by {@code SET NX PX}. */
  PROBE("probe", ScriptOutputType.MULTI),
  /** A failure or stream cut counted for the fleet; the one reaching the threshold opens. */
  FAIL("fail", ScriptOutputType.VALUE),
  /**
   * A closed breaker opens: this process's own count reached the threshold (or, after degraded
   * mode, it opened the breaker alone).
   */
  TRIP("trip", ScriptOutputType.VALUE),
  /** The probe failed: re-open for twice the open time. */
  REOPEN("reopen", ScriptOutputType.VALUE),
  /** The probe succeeded: close (a cooldown or an account state runs on to its end). */
  CLOSE("close", ScriptOutputType.VALUE),
  /** The probe learnt nothing: free the lease. */
  RELEASE("release", ScriptOutputType.VALUE),
  /** A success on a closed breaker: the failure counts start again (a cooldown runs on). */
  SUCCEED("succeed", ScriptOutputType.VALUE),
  /** A panic-mode answer while open: the open time ends now, the next admission is the probe. */
  HASTEN("hasten", ScriptOutputType.VALUE),
  /** The longer of two cooldowns. */
  COOLDOWN("cooldown", ScriptOutputType.VALUE),
  /** The longer of two account states (kept apart from the cooldown: never waited for). */
  ACCOUNT("account", ScriptOutputType.VALUE),
  /** The longer of two retirements. */
  RETIRE("retire", ScriptOutputType.VALUE),
  /** The fleet's retry budget counters (not a route script). */
  BUDGET("budget", ScriptOutputType.MULTI),
  /** The namespace's index of routes with state (not a route script). */
  INDEX("index", ScriptOutputType.INTEGER),
  /** Client spend windows: this process's count (only grows), the fleet's totals (ADR 0022). */
  SPEND("spend", ScriptOutputType.MULTI),
  /** A stored response written, the store's bounds kept (ADR 0029). */
  RESPONSES_PUT("responses-put", ScriptOutputType.INTEGER),
  /** A stored response read, unless older than its time to live. */
  RESPONSES_GET("responses-get", ScriptOutputType.MULTI),
  /** A stored response removed. */
  RESPONSES_DELETE("responses-delete", ScriptOutputType.INTEGER),
  /** A key's requests in one window, counted for the fleet (ADR 0033). */
  SHARED_COUNT("shared-count", ScriptOutputType.INTEGER),
  /** A session's route written for the fleet, with its time to live. */
  SHARED_PUT("shared-put", ScriptOutputType.INTEGER),
  /** A session's route read. */
  SHARED_GET("shared-get", ScriptOutputType.VALUE);

  private final String body;
  private final String sha;
  private final ScriptOutputType output;

  Script(String name, ScriptOutputType output) {
    this.output = output;
    String own = resource(name + ".lua");
    this.body =
        Set.of(
                    "budget",
                    "index",
                    "spend",
                    "responses-put",
                    "responses-get",
                    "responses-delete",
                    "shared-count",
                    "shared-put",
                    "shared-get")
                .contains(name)
            ? own
            : resource("lib.lua") + "\n" + own;
    this.sha = sha1(body);
  }

  /** The full text sent by {@code EVAL}. */
  String body() {
    return body;
  }

  /** What the script returns: a snapshot (value), a list, or a number. */
  ScriptOutputType output() {
    return output;
  }

  /** The SHA-1 {@code EVALSHA} names it by. */
  String sha() {
    return sha;
  }

  private static String resource(String file) {
    try (InputStream in = Script.class.getResourceAsStream(file)) {
      if (in == null) {
        throw new IllegalStateException("script resource missing: " + file);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String sha1(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-1").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-1 missing from the JDK", e);
    }
  }
}
