"""Snow Tails (雪橇竞速): dog-sled racing on a lane-grid track (rules prefix ST)."""
