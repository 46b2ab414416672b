package dev.orchestrator.engine.health;

import com.github.benmanes.caffeine.cache.Ticker;
import dev.orchestrator.engine.catalog.ApiKey;
import dev.orchestrator.engine.catalog.DeclaredLimits;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.spi.RateLimits;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.DoubleSupplier;

/**
 * Per-key account state (docs/design.md §5, ADR 0033): for every key of every provider, its
 * cool-down (quota, auth and permission failures cool the key, not the route), what the last
 * answer's rate-limit headers said was left until when, and the local counts against the limits the
 * catalog declares. {@link #choose} picks the key of one attempt: weighted at random among the set
 * keys that are neither out nor near exhaustion, else among those near exhaustion (a tenth or less
 * of a window left by the headers, or ahead of an even pace through a declared daily limit, {@link
 * #headroom}); a key that is out (cooling, or at 0 remaining until its reset, or at a declared
 * limit) is never chosen, and when every key is out the provider's routes are not sent to until the
 * earliest key returns. Durations run on the injected {@link Ticker}; the daily reset on the
 * injected {@link Clock}.
 *
 * <p>A fleet shares what it learns through the {@link HealthStore}: a key's cool-down — and a key
 * whose headers said it is spent, until its reset — is a cool-down of the key's own health entry
 * ({@link #healthId}), pushed to every replica like a route's; a declared daily limit is counted in
 * the store's {@link SharedState} (one round trip per attempt sent with such a key). Per-minute
 * counts stay in the process. Holds names only, never a key's value. Thread-safe.
 */
public final class KeyBook {
  /** A key with this share or less of its window's limit left is near exhaustion. */
  static final double LOW_SHARE = 0.1;

  private static final long DAY_NANOS = Duration.ofDays(1).toNanos();

  private final Credentials credentials;
  private final Ticker ticker;
  private final Clock clock;
  private final DoubleSupplier random;
  private final HealthStore store;
  private final Map<String, KeyState> states = new ConcurrentHashMap<>();

  /** Each provider's keys with their state, by provider id ({@link #keys(Provider)}). */
  private final Map<String, Keys> byProvider = new ConcurrentHashMap<>();

  /**
   * A book over {@code credentials} (which keys are set), timed by {@code ticker} and {@code
   * clock}, choosing among equals with {@code random} (uniform in [0, 1)), sharing key state
   * through {@code store} ({@code null}: nothing shared).
   */
  public KeyBook(
      Credentials credentials,
      Ticker ticker,
      Clock clock,
      DoubleSupplier random,
      HealthStore store) {
    this.credentials = Objects.requireNonNull(credentials, "credentials");
    this.ticker = Objects.requireNonNull(ticker, "ticker");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.random = Objects.requireNonNull(random, "random");
    this.store = store;
  }

  /** A book that shares nothing. */
  public KeyBook(Credentials credentials, Ticker ticker, Clock clock, DoubleSupplier random) {
    this(credentials, ticker, clock, random, null);
  }

  /**
   * The id of {@code key}'s own entry in the health store: {@code key:<provider>:<name>}. It holds
   * no {@code /}, so it is never a route id; route listings leave such entries out.
   */
  public static String healthId(Provider provider, ApiKey key) {
    return "key:" + provider.id() + ":" + key.name();
  }

  /** Whether {@code id} names a key's entry rather than a route's ({@link #healthId}). */
  public static boolean isKeyId(String id) {
    return id.startsWith("key:") && id.indexOf('/') < 0;
  }

  /**
   * The key of one attempt, or why none may be sent.
   *
   * @param key the key to send with, or {@code null} when the provider needs none or none may be
   *     sent
   * @param reason why no key may be sent (one {@code key 'name' …} clause per key), or {@code null}
   * @param retryIn when the earliest key returns, when none may be sent: the earliest wait a
   *     provider gave, or — when {@code refused} — the earliest end of an account cool-down
   * @param refused whether every key that is out is held for an account state its provider gave no
   *     end for (auth, permission, a quota with no reset time): then nothing is worth waiting for
   *     (docs/design.md §5)
   */
  public record Choice(ApiKey key, String reason, Duration retryIn, boolean refused) {
    /** The provider needs no key. */
    public static final Choice KEYLESS = new Choice(null, null, null, false);

    /** Whether the attempt may be sent. */
    public boolean sendable() {
      return reason == null;
    }
  }

  /**
   * One key's state as listings show it.
   *
   * @param name the key's name
   * @param set whether one of its variables is set
   * @param out why it is not chosen now ({@code cooling_down …}, {@code account_state …}, {@code
   *     requests_exhausted …}, …), or {@code null} when it may be chosen
   * @param low whether it is near exhaustion (chosen only after its peers)
   */
  public record KeyStatus(String name, boolean set, String out, boolean low) {}

  /** The key for the next attempt on one of {@code provider}'s routes. */
  public Choice choose(Provider provider) {
    return choose(provider, 0);
  }

  /**
   * The key for the next attempt on one of {@code provider}'s routes, for a request asking about
   * {@code tokens} tokens (its estimated prompt and its output limit; 0: unknown): a key whose
   * headers said fewer tokens are left until a reset still ahead is out for it (the provider would
   * answer a 429), as one with none left is for every request.
   */
  public Choice choose(Provider provider, long tokens) {
    Keys keys = keys(provider);
    if (keys.list.isEmpty()) {
      return Choice.KEYLESS;
    }
    Scan scan = scan(keys, tokens);
    if (!scan.anySet) {
      // No key set: the client says which variable to set, as it always has.
      return new Choice(keys.list.get(0), null, null, false);
    }
    if (!scan.ready.isEmpty() || !scan.low.isEmpty()) {
      return new Choice(weighted(scan.ready.isEmpty() ? scan.low : scan.ready), null, null, false);
    }
    return none(scan);
  }

  /**
   * Why no key of {@code provider} may be sent now (the reason and the earliest return, as {@link
   * #choose} says them), or empty when one may. Counts nothing and draws nothing at random: the
   * check before an attempt is admitted, whose count comes with {@link #acquire} only when it is
   * sent.
   */
  public Optional<Choice> out(Provider provider) {
    return out(provider, 0);
  }

  /** As {@link #out(Provider)}, for a request asking about {@code tokens} ({@link #choose}). */
  public Optional<Choice> out(Provider provider, long tokens) {
    Keys keys = keys(provider);
    if (keys.list.isEmpty()) {
      return Optional.empty();
    }
    Scan scan = scan(keys, tokens);
    if (!scan.anySet || !scan.ready.isEmpty() || !scan.low.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(none(scan));
  }

  /**
   * No key may be sent: every set key's reason, and when the earliest returns — of those out for a
   * wait a provider gave, unless every one is held for an account state.
   */
  private static Choice none(Scan scan) {
    boolean refused = scan.earliest == Long.MAX_VALUE;
    long in = refused ? scan.earliestHeld : scan.earliest;
    return new Choice(
        null, String.join("; ", scan.why), Duration.ofNanos(Math.max(0, in)), refused);
  }

  /**
   * What {@code provider}'s keys have left, for ranking: {@link Headroom#READY} when a key may be
   * chosen that is not near exhaustion (or the provider needs no key, or none is set: the attempt
   * then says which variable to set), {@link Headroom#LOW} when every key that may be chosen is
   * near exhaustion, {@link Headroom#OUT} when none may be chosen now. Draws nothing at random.
   */
  public Headroom headroom(Provider provider) {
    Keys keys = keys(provider);
    if (keys.list.isEmpty()) {
      return Headroom.READY;
    }
    Scan scan = scan(keys, 0);
    if (!scan.anySet || !scan.ready.isEmpty()) {
      return Headroom.READY;
    }
    return scan.low.isEmpty() ? Headroom.OUT : Headroom.LOW;
  }

  /** A provider's set keys sorted into ready, near exhaustion and out (with why and until). */
  private Scan scan(Keys keys, long tokens) {
    long now = ticker.read();
    Instant wall = clock.instant();
    Scan scan = new Scan();
    for (int i = 0; i < keys.list.size(); i++) {
      ApiKey k = keys.list.get(i);
      if (credentials.keyFor(k).isEmpty()) {
        continue;
      }
      scan.anySet = true;
      Verdict v = verdict(keys.provider, k, keys.slots[i], now, wall, tokens);
      if (v.out() != null) {
        scan.why = added(scan.why, "key '" + k.name() + "' " + v.out().reason());
        if (v.out().account()) {
          scan.earliestHeld = Math.min(scan.earliestHeld, v.out().nanos());
        } else {
          scan.earliest = Math.min(scan.earliest, v.out().nanos());
        }
      } else if (v.low()) {
        scan.low = added(scan.low, k);
      } else {
        scan.ready = added(scan.ready, k);
      }
    }
    return scan;
  }

  /**
   * Why {@code key} is out at {@code now} (or {@code null}), else whether it is near exhaustion.
   */
  private Verdict verdict(
      Provider provider, ApiKey key, Slot slot, long now, Instant wall, long tokens) {
    KeyState s = slot.state;
    String id = slot.healthId;
    long fleetHeld = store == null ? 0 : store.accountStateRemaining(id).toNanos();
    long fleetCooling = store == null ? 0 : store.cooldownRemaining(id).toNanos();
    DeclaredLimits declared = provider.limitsOf(key);
    synchronized (s) {
      Out out = s.out(declared, now, wall, fleetHeld, fleetCooling, tokens);
      return new Verdict(out, out == null && s.low(declared, now, wall));
    }
  }

  /** One key's state at one moment: why it is out, or whether it is near exhaustion. */
  private record Verdict(Out out, boolean low) {}

  /** One pass over a provider's keys; each list is made at its first entry. */
  private static final class Scan {
    List<ApiKey> ready = List.of();
    List<ApiKey> low = List.of();
    List<String> why = List.of();
    long earliest = Long.MAX_VALUE;
    long earliestHeld = Long.MAX_VALUE;
    boolean anySet;
  }

  /** {@code list} with {@code e} added: {@code list} itself once it has an entry. */
  private static <T> List<T> added(List<T> list, T e) {
    List<T> out = list.isEmpty() ? new ArrayList<>(2) : list;
    out.add(e);
    return out;
  }

  private ApiKey weighted(List<ApiKey> keys) {
    if (keys.size() == 1) {
      return keys.get(0);
    }
    long total = 0;
    for (ApiKey k : keys) {
      total += k.weight();
    }
    double pick = random.getAsDouble() * total;
    for (ApiKey k : keys) {
      pick -= k.weight();
      if (pick < 0) {
        return k;
      }
    }
    return keys.get(keys.size() - 1);
  }

  /**
   * The key for the next attempt on one of {@code provider}'s routes, already counted against its
   * declared limits ({@link #choose}, then the count): a key whose fleet-wide count shows its daily
   * limit taken by other replicas is out, and the next key is chosen. Every call counts a request
   * against the key it returns, in the process and in the fleet's {@link SharedState}: call it only
   * when the attempt is being sent (its admission granted), so that a request health sheds or holds
   * back spends nothing of a limit; {@link #out} asks without counting.
   */
  public Choice acquire(Provider provider) {
    return acquire(provider, 0);
  }

  /** As {@link #acquire(Provider)}, for a request asking about {@code tokens} ({@link #choose}). */
  public Choice acquire(Provider provider, long tokens) {
    int keys = keys(provider).list.size();
    for (int i = 0; i <= keys; i++) {
      Choice c = choose(provider, tokens);
      if (c.key() == null || !c.sendable() || count(provider, c.key())) {
        return c;
      }
    }
    return choose(provider, tokens);
  }

  /**
   * Counts one request with {@code key} against its declared limits, in the process and, for a
   * daily limit, in the fleet's {@link SharedState}; {@code false} when the fleet's count is past
   * the limit (the key is out until its reset).
   */
  private boolean count(Provider provider, ApiKey key) {
    DeclaredLimits declared = provider.limitsOf(key);
    if (declared == null) {
      return true;
    }
    KeyState s = slot(provider, key).state;
    Instant dayEnds;
    synchronized (s) {
      dayEnds = s.count(declared, ticker.read(), clock.instant());
    }
    if (store == null || declared.requestsPerDay() == null) {
      return true;
    }
    long fleet =
        store
            .shared()
            .increment(
                "day:" + provider.id() + ":" + key.name() + ":" + dayEnds.toEpochMilli(), dayEnds);
    if (fleet > 0) {
      synchronized (s) {
        s.fleetToday(dayEnds, fleet);
      }
    }
    return fleet <= declared.requestsPerDay();
  }

  /** One attempt is going out with {@code key}: it spends one of the requests its headers left. */
  public void sent(Provider provider, ApiKey key) {
    KeyState s = slot(provider, key).state;
    synchronized (s) {
      s.spend(ticker.read());
    }
  }

  private void shareCooldown(Slot slot, long nanos) {
    if (store != null && nanos > 0) {
      store.coolDown(slot.healthId, Duration.ofNanos(nanos));
    }
  }

  /** Records what an answer sent with {@code key} said about its remaining limits. */
  public void observed(Provider provider, ApiKey key, RateLimits limits) {
    if (!limits.any()) {
      return;
    }
    Slot slot = slot(provider, key);
    long spentFor;
    synchronized (slot.state) {
      spentFor = slot.state.observed(limits, ticker.read());
    }
    // A key at zero until its reset is out for every replica: shared as the key's cool-down.
    shareCooldown(slot, spentFor);
  }

  /**
   * Cools {@code key} for {@code duration}, a wait its provider gave with a {@code category}
   * failure (a {@code Retry-After} or a reset); returns whether another set key of the provider may
   * still be chosen now — only when none can is the route itself cooled.
   */
  public boolean coolDown(Provider provider, ApiKey key, Duration duration, String category) {
    return cool(provider, key, duration, category, false);
  }

  /**
   * Holds {@code key} out for {@code duration} (the account cool-down) for an account state its
   * provider gave no end for ({@code category}: auth, permission, a quota with no reset time): such
   * a key is never waited for (docs/design.md §5). Returns what {@link #coolDown} returns.
   */
  public boolean accountState(Provider provider, ApiKey key, Duration duration, String category) {
    return cool(provider, key, duration, category, true);
  }

  private boolean cool(
      Provider provider, ApiKey key, Duration duration, String category, boolean account) {
    Slot slot = slot(provider, key);
    long now = ticker.read();
    synchronized (slot.state) {
      slot.state.coolDown(now + duration.toNanos(), category, account);
    }
    if (!account) {
      shareCooldown(slot, duration.toNanos());
    } else if (store != null && duration.toNanos() > 0) {
      store.accountState(slot.healthId, duration);
    }
    Choice next = choose(provider);
    return next.key() != null && credentials.keyFor(next.key()).isPresent();
  }

  /** Every key of {@code provider} with its state, in catalog order; names only. */
  public List<KeyStatus> status(Provider provider) {
    long now = ticker.read();
    Instant wall = clock.instant();
    List<KeyStatus> out = new ArrayList<>();
    Keys keys = keys(provider);
    for (int i = 0; i < keys.list.size(); i++) {
      ApiKey k = keys.list.get(i);
      Verdict v = verdict(provider, k, keys.slots[i], now, wall, 0);
      out.add(
          new KeyStatus(
              k.name(),
              credentials.keyFor(k).isPresent(),
              v.out() == null ? null : v.out().reason(),
              v.low()));
    }
    return out;
  }

  /**
   * {@code provider}'s keys, each with its state and its health entry's id, made once for each
   * {@link Provider} the catalog holds (again when a refreshed catalog brings another): {@link
   * Provider#keys()} builds a provider's one default key afresh on each call.
   */
  private Keys keys(Provider provider) {
    Keys k = byProvider.get(provider.id());
    if (k == null || k.provider != provider) {
      k = new Keys(provider, provider.keys());
      for (int i = 0; i < k.list.size(); i++) {
        ApiKey key = k.list.get(i);
        k.slots[i] = new Slot(state(provider, key), healthId(provider, key));
      }
      byProvider.put(provider.id(), k);
    }
    return k;
  }

  /** {@code key}'s state and health id, also for a key its provider no longer lists. */
  private Slot slot(Provider provider, ApiKey key) {
    Keys keys = keys(provider);
    for (int i = 0; i < keys.list.size(); i++) {
      ApiKey k = keys.list.get(i);
      if (k == key || k.equals(key)) {
        return keys.slots[i];
      }
    }
    return new Slot(state(provider, key), healthId(provider, key));
  }

  private KeyState state(Provider provider, ApiKey key) {
    return states.computeIfAbsent(provider.id() + '\n' + key.name(), n -> new KeyState());
  }

  /** One provider's keys in catalog order, with a {@link Slot} each. */
  private static final class Keys {
    final Provider provider;
    final List<ApiKey> list;
    final Slot[] slots;

    Keys(Provider provider, List<ApiKey> list) {
      this.provider = provider;
      this.list = list;
      this.slots = new Slot[list.size()];
    }
  }

  /** A key's state and the id of its own entry in the health store. */
  private record Slot(KeyState state, String healthId) {}

  /**
   * Why a key is out, and for how long (ticker nanos); {@code account}: held for an account state
   * its provider gave no end for.
   */
  private record Out(String reason, long nanos, boolean account) {
    Out(String reason, long nanos) {
      this(reason, nanos, false);
    }
  }

  /** One key's mutable state; guarded by its own monitor. */
  private static final class KeyState {
    private long coolUntil;
    private boolean cooling;
    private String coolCategory;
    private long heldUntil;
    private boolean held;
    private String heldCategory;
    private Long remainingRequests;
    private Long remainingTokens;
    private Long limitRequests;
    private Long limitTokens;
    private boolean tokensWholeRequest;
    private long requestsResetAt;
    private long tokensResetAt;
    private Instant dayEnds;
    private int today;
    private long minuteEnds;
    private boolean minuteOpen;
    private int thisMinute;

    void coolDown(long until, String category, boolean account) {
      if (account) {
        if (!held || until - heldUntil > 0) {
          heldUntil = until;
          heldCategory = category;
        }
        held = true;
        return;
      }
      if (!cooling || until - coolUntil > 0) {
        coolUntil = until;
        coolCategory = category;
      }
      cooling = true;
    }

    /** Records {@code r}; returns how long the key is spent for (0 when it is not). */
    long observed(RateLimits r, long now) {
      if (r.remainingRequests() != null) {
        remainingRequests = r.remainingRequests();
        limitRequests = r.limitRequests();
        requestsResetAt = r.resetRequests() == null ? now : now + r.resetRequests().toNanos();
      }
      if (r.remainingTokens() != null) {
        remainingTokens = r.remainingTokens();
        limitTokens = r.limitTokens();
        tokensWholeRequest = r.tokensWholeRequest();
        tokensResetAt = r.resetTokens() == null ? now : now + r.resetTokens().toNanos();
      }
      long spent = 0;
      if (remainingRequests != null && remainingRequests <= 0) {
        spent = Math.max(spent, requestsResetAt - now);
      }
      if (remainingTokens != null && remainingTokens <= 0) {
        spent = Math.max(spent, tokensResetAt - now);
      }
      return spent;
    }

    /** The fleet has sent {@code count} requests with this key in the day ending {@code end}. */
    void fleetToday(Instant end, long count) {
      if (end.equals(dayEnds) && count > today) {
        today = (int) Math.min(Integer.MAX_VALUE, count);
      }
    }

    void spend(long now) {
      if (remainingRequests != null && remainingRequests > 0 && requestsResetAt - now > 0) {
        remainingRequests--; // an answer in flight spends one before its headers say so
      }
    }

    /** Counts one request against {@code declared}; returns the end of its day window. */
    Instant count(DeclaredLimits declared, long now, Instant wall) {
      rollDay(declared, wall);
      today++;
      rollMinute(now);
      if (!minuteOpen) {
        minuteOpen = true;
        minuteEnds = now + Duration.ofMinutes(1).toNanos();
        thisMinute = 0;
      }
      thisMinute++;
      return dayEnds;
    }

    private void rollDay(DeclaredLimits declared, Instant wall) {
      if (dayEnds == null || !wall.isBefore(dayEnds)) {
        dayEnds = nextReset(declared, wall);
        today = 0;
      }
    }

    private void rollMinute(long now) {
      if (minuteOpen && now - minuteEnds >= 0) {
        minuteOpen = false;
        thisMinute = 0;
      }
    }

    /**
     * Why the key may not be chosen at {@code now}, or {@code null}; {@code fleetHeld} and {@code
     * fleetCooling} are what is left of an account state and of a cool-down the fleet's store holds
     * for it; {@code tokens} what the request asks for (0: unknown). An account state comes first:
     * the key is refused whatever else would end.
     */
    Out out(
        DeclaredLimits declared,
        long now,
        Instant wall,
        long fleetHeld,
        long fleetCooling,
        long tokens) {
      if (held && heldUntil - now > 0) {
        return new Out(
            "account_state (" + heldCategory + ") for " + seconds(heldUntil - now),
            heldUntil - now,
            true);
      }
      held = false;
      if (fleetHeld > 0) {
        return new Out("account_state (fleet) for " + seconds(fleetHeld), fleetHeld, true);
      }
      if (cooling && coolUntil - now > 0) {
        return new Out(
            "cooling_down (" + coolCategory + ") for " + seconds(coolUntil - now), coolUntil - now);
      }
      cooling = false;
      if (remainingRequests != null && remainingRequests <= 0 && requestsResetAt - now > 0) {
        return new Out(
            "requests_exhausted until its reset in " + seconds(requestsResetAt - now),
            requestsResetAt - now);
      }
      if (remainingTokens != null && remainingTokens <= 0 && tokensResetAt - now > 0) {
        return new Out(
            "tokens_exhausted until its reset in " + seconds(tokensResetAt - now),
            tokensResetAt - now);
      }
      if (tokens > 0
          && tokensWholeRequest
          && remainingTokens != null
          && tokens > remainingTokens
          && tokensResetAt - now > 0) {
        // The provider counts a request's prompt and its output limit against what is left: one
        // asking for more is answered 429 ("Requested 6000 … Used 8500"), so it is not sent.
        // Anthropic's headers give the most restrictive of two limits (input, output): not read
        // so, since a request whose output limit fits would be held out for its prompt.
        return new Out(
            "tokens_short ("
                + remainingTokens
                + " left, about "
                + tokens
                + " asked) until its reset in "
                + seconds(tokensResetAt - now),
            tokensResetAt - now);
      }
      if (fleetCooling > 0) {
        return new Out("cooling_down (fleet) for " + seconds(fleetCooling), fleetCooling);
      }
      if (declared == null) {
        return null;
      }
      rollDay(declared, wall);
      if (declared.requestsPerDay() != null && today >= declared.requestsPerDay()) {
        long nanos = Duration.between(wall, dayEnds).toNanos();
        return new Out(
            "daily_limit ("
                + today
                + "/"
                + declared.requestsPerDay()
                + " requests) until "
                + declared.resetsAt()
                + "Z",
            nanos);
      }
      rollMinute(now);
      if (declared.requestsPerMinute() != null
          && minuteOpen
          && thisMinute >= declared.requestsPerMinute()) {
        return new Out(
            "minute_limit ("
                + thisMinute
                + "/"
                + declared.requestsPerMinute()
                + " requests) for "
                + seconds(minuteEnds - now),
            minuteEnds - now);
      }
      return null;
    }

    /**
     * Whether the key is near exhaustion: a window the headers describe has at most {@link
     * #LOW_SHARE} of its limit left, or the key has spent its even share of its declared daily
     * limit for the day so far ({@link #aheadOfPace}). Called after {@link #out}, which rolls the
     * day.
     */
    boolean low(DeclaredLimits declared, long now, Instant wall) {
      return low(remainingRequests, limitRequests, requestsResetAt, now)
          || low(remainingTokens, limitTokens, tokensResetAt, now)
          || aheadOfPace(declared, wall);
    }

    /**
     * Whether the key has spent its even share of its declared daily limit for the part of the day
     * gone: a daily cap is spread over its day, so a capped key serves first only while it is
     * behind that pace and otherwise after its peers — capacity that renews by the minute is spent
     * before capacity that is gone for the day, and the cap is still there when the peers cannot
     * serve (it serves them). Always by the time {@code 1 - LOW_SHARE} of the limit is spent.
     */
    private boolean aheadOfPace(DeclaredLimits declared, Instant wall) {
      if (declared == null || declared.requestsPerDay() == null || dayEnds == null) {
        return false;
      }
      double left = Duration.between(wall, dayEnds).toNanos() / (double) DAY_NANOS;
      double share = Math.min(1 - LOW_SHARE, 1 - left);
      return today >= declared.requestsPerDay() * share;
    }

    private static boolean low(Long remaining, Long limit, long resetAt, long now) {
      if (remaining == null || resetAt - now <= 0) {
        return false;
      }
      return limit != null && limit > 0 ? remaining <= limit * LOW_SHARE : remaining <= 1;
    }

    private static Instant nextReset(DeclaredLimits declared, Instant wall) {
      ZonedDateTime now = wall.atZone(ZoneOffset.UTC);
      ZonedDateTime reset = now.with(declared.resetsAt());
      return (reset.isAfter(now) ? reset : reset.plusDays(1)).toInstant();
    }

    private static String seconds(long nanos) {
      return Math.max(1, (nanos + 999_999_999L) / 1_000_000_000L) + " s";
    }
  }
}
