-- trip: ARGV[4] first open time ms, ARGV[5] open cap ms. A process's own failure count reached the
-- threshold (or it opened the breaker while degraded): a closed breaker opens for the first open
-- time; the record lives that long plus the cap, so the open step survives a quiet spell. A
-- breaker already open (tripped elsewhere) is left as it is. The fleet's counts start again.
failed()
redis.call('HDEL', KEYS[5], 'f', 'k')
if redis.call('EXISTS', KEYS[1]) == 1 then
  return snapshot()
end
local step = tonumber(ARGV[4])
redis.call('HSET', KEYS[1], 'until', int(now + step), 'step', int(step))
redis.call('PEXPIRE', KEYS[1], step + tonumber(ARGV[5]))
return changed()
