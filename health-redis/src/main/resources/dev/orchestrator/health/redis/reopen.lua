-- reopen: ARGV[4] token, ARGV[5] first open time ms, ARGV[6] open cap ms. The probe failed: only
-- its lease holder re-opens the breaker, for twice the previous open time (capped).
failed()
if redis.call('GET', KEYS[2]) ~= ARGV[4] then
  return snapshot()
end
redis.call('DEL', KEYS[2])
redis.call('HDEL', KEYS[5], 'lu')
local cap = tonumber(ARGV[6])
local step = math.min(math.max(num(redis.call('HGET', KEYS[1], 'step')), tonumber(ARGV[5])) * 2, cap)
redis.call('HSET', KEYS[1], 'until', int(now + step), 'step', int(step))
redis.call('PEXPIRE', KEYS[1], step + cap)
return changed()
