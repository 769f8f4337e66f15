program if_arithmetic
#if (-9223372036854775807-1) / -1
  integer, parameter :: t1 = 1
#else
  integer, parameter :: t1 = 0
#endif
#if (-9223372036854775807-1) % -1
  integer, parameter :: t2 = 1
#else
  integer, parameter :: t2 = 0
#endif
#if 1 / 0
  integer, parameter :: t3 = 1
#else
  integer, parameter :: t3 = 0
#endif
#if 1 % 0
  integer, parameter :: t4 = 1
#else
  integer, parameter :: t4 = 0
#endif
#if 1 << -1
  integer, parameter :: t5 = 1
#else
  integer, parameter :: t5 = 0
#endif
#if 1 << 64
  integer, parameter :: t6 = 1
#else
  integer, parameter :: t6 = 0
#endif
#if 1 >> 70
  integer, parameter :: t7 = 1
#else
  integer, parameter :: t7 = 0
#endif
#if 9223372036854775807 + 1
  integer, parameter :: t8 = 1
#else
  integer, parameter :: t8 = 0
#endif
#if (-9223372036854775807-1) - 1
  integer, parameter :: t9 = 1
#else
  integer, parameter :: t9 = 0
#endif
#if 9223372036854775807 * 2
  integer, parameter :: t10 = 1
#else
  integer, parameter :: t10 = 0
#endif
#if -(-9223372036854775807-1)
  integer, parameter :: t11 = 1
#else
  integer, parameter :: t11 = 0
#endif
#if 4611686018427387904 << 1
  integer, parameter :: t12 = 1
#else
  integer, parameter :: t12 = 0
#endif
#if 99999999999999999999
  integer, parameter :: t13 = 1
#else
  integer, parameter :: t13 = 0
#endif
#if -1 << 3 == -8
  integer, parameter :: t14 = 1
#else
  integer, parameter :: t14 = 0
#endif
#if -1 >> 1 == -1
  integer, parameter :: t15 = 1
#else
  integer, parameter :: t15 = 0
#endif
#if 1 << 62 == 4611686018427387904
  integer, parameter :: t16 = 1
#else
  integer, parameter :: t16 = 0
#endif
#if 0 && 1 / 0
  integer, parameter :: t17 = 1
#else
  integer, parameter :: t17 = 0
#endif
#if 1 || 1 / 0
  integer, parameter :: t18 = 1
#else
  integer, parameter :: t18 = 0
#endif
#if 0 ? 1 / 0 : 5
  integer, parameter :: t19 = 1
#else
  integer, parameter :: t19 = 0
#endif
#if 0x7fffffffffffffff == 9223372036854775807
  integer, parameter :: t20 = 1
#else
  integer, parameter :: t20 = 0
#endif
#if ((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))
  integer, parameter :: t21 = 1
#else
  integer, parameter :: t21 = 0
#endif
#if ((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))
  integer, parameter :: t22 = 1
#else
  integer, parameter :: t22 = 0
#endif
end program if_arithmetic
