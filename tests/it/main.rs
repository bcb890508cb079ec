mod exact;
