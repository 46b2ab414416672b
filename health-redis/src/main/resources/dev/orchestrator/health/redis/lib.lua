-- Prepended to every route script (ADR 0021). One route's keys, all under one hash tag {ns:route}:
--   KEYS[1] breaker hash (until, step: wall ms)   KEYS[2] probe lease (the holder's token)
--   KEYS[3] cooldown (until, wall ms)             KEYS[4] retirement (until, wall ms)
--   KEYS[5] meta hash (v: version, lf: last failure, lu: the lease's end, lg: its grant, wall ms)
--   KEYS[6] account state (until, wall ms: an account failure no provider gave an end for)
-- ARGV[1] route, ARGV[2] the caller's wall clock (ms), ARGV[3] the namespace's channel; the
-- operation's own arguments follow from ARGV[4]. Every script returns the route's snapshot.
local route, now, channel = ARGV[1], tonumber(ARGV[2]), ARGV[3]

local function num(x)
  return tonumber(x) or 0
end

local function int(x)
  return string.format('%d', x)
end

-- The longest time-to-live among the route's state keys, in ms (0 when none is left).
local function longest()
  local m = 0
  for _, i in ipairs({1, 2, 3, 4, 6}) do
    local t = redis.call('PTTL', KEYS[i])
    if t > m then
      m = t
    end
  end
  return m
end

-- The meta hash lives as long as the longest entry, and at least a minute, so that a late
-- message from before the entry expired cannot look newer than the next change.
local function keepMeta()
  redis.call('PEXPIRE', KEYS[5], math.max(longest(), 60000))
end

local function failed()
  redis.call('HSET', KEYS[5], 'lf', ARGV[2])
  keepMeta()
end

-- One line per field, the route last (a route id never holds a newline):
-- version, open until, step, last failure, lease token, lease until, cooldown until,
-- retired until, expires (wall ms of the longest entry), counting (1 while the fleet's failure or
-- stream-cut count runs, else 0), account state until, route.
local function snapshot()
  local b = redis.call('HMGET', KEYS[1], 'until', 'step')
  local m = redis.call('HMGET', KEYS[5], 'v', 'lf', 'f', 'k')
  local counting = '0'
  if m[3] or m[4] then
    counting = '1'
  end
  local lease = redis.call('GET', KEYS[2])
  local leaseUntil = 0
  if lease then
    -- the end the grant recorded (lu, wall ms); the key's own time to live only for a lease
    -- granted before lu was kept, which reads later by the time Redis took since
    leaseUntil = num(redis.call('HGET', KEYS[5], 'lu'))
    if leaseUntil == 0 then
      leaseUntil = now + math.max(redis.call('PTTL', KEYS[2]), 0)
    end
  else
    lease = ''
  end
  local left = longest()
  local expires = 0
  if left > 0 then
    expires = now + left
  end
  return table.concat({
    int(num(m[1])), int(num(b[1])), int(num(b[2])), int(num(m[2])), lease, int(leaseUntil),
    int(num(redis.call('GET', KEYS[3]))), int(num(redis.call('GET', KEYS[4]))), int(expires),
    counting, int(num(redis.call('GET', KEYS[6]))), route
  }, '\n')
end

-- A change: a new version (never smaller than the server's clock in microseconds, so it stays
-- monotonic even after the meta hash expired), then the snapshot is published and returned.
local function changed()
  local t = redis.call('TIME')
  local us = tonumber(t[1]) * 1000000 + tonumber(t[2])
  redis.call('HSET', KEYS[5], 'v', int(math.max(num(redis.call('HGET', KEYS[5], 'v')) + 1, us)))
  keepMeta()
  local s = snapshot()
  redis.call('PUBLISH', channel, s)
  return s
end

-- Keeps the breaker record at least ttl ms.
local function keepBreaker(ttl)
  local t = redis.call('PTTL', KEYS[1])
  if t >= 0 and t < ttl then
    redis.call('PEXPIRE', KEYS[1], ttl)
  end
end

-- The longer of the current and the asked end (ARGV[4], wall ms) for a key that holds an end time
-- (cooldown, account state, retirement): the key lives exactly until it ends. Counts as a failure
-- of the route.
local function extend(key)
  failed()
  local u = tonumber(ARGV[4])
  if u <= now or num(redis.call('GET', key)) >= u then
    return snapshot()
  end
  redis.call('SET', key, ARGV[4], 'PX', u - now)
  return changed()
end
