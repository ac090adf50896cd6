from hookward.policy.specs import write_index

print(write_index())
