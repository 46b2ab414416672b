-- close: ARGV[4] token. The probe succeeded: only its lease holder closes the breaker (which
-- resets the open time). A cooldown and an account state run on to their end.
if redis.call('GET', KEYS[2]) ~= ARGV[4] then
  return snapshot()
end
redis.call('DEL', KEYS[1], KEYS[2])
redis.call('HDEL', KEYS[5], 'lu', 'lg')
return changed()
